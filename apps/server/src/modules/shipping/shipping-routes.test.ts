/**
 * Shipping as a client sees it (docs/requirements.md §16): the public list of delivery methods and the seeded ones,
 * the admins' replacement of the methods and of the tax rates with their 400 field errors (and 401, 403 for
 * others), and the quote of a cart: its weight, subtotal, costs by weight band, the free-over threshold, a method
 * too light for the cart or not serving the country left out, a company ship-to location, an empty cart and a
 * visitor refused. The quote's date rules are in quote.test.ts with fixed clocks. Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */
import {
  messages,
  type Quote,
  type ShippingMethod,
  type ShippingMethodInput,
  type TaxRate,
} from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEPOT_ADDRESS } from '../../test/companies.js';
import { insertPart, putInCart } from '../../test/orders.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { writeLimits: false } });
  admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' });
}, 60_000);
afterAll(() => t.close());

const customer = (name = 'buyer') =>
  signUpAndGetToken(t.app, { email: uniqueEmail(name), name: 'Shipping Buyer' });
const call = (method: 'GET' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(user ? { headers: user.headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** The methods of the quote tests: pickup, ground (bands to 20 kg, free from $500), next-day (to 5 kg), Canada. */
const TEST_METHODS: ShippingMethodInput[] = [
  {
    code: 'pickup',
    name: 'Counter pickup',
    kind: 'pickup',
    transitDays: { min: 0, max: 0 },
    cutoff: '17:00',
    countries: ['US'],
  },
  {
    code: 'ground',
    name: 'Ground',
    kind: 'weight',
    bands: [
      { upToKg: 5, price: 9.95 },
      { upToKg: 20, price: 19.95 },
    ],
    freeOverSubtotal: 500,
    transitDays: { min: 3, max: 5 },
    cutoff: '15:00',
    countries: ['US'],
  },
  {
    code: 'next-day',
    name: 'Next-day',
    kind: 'weight',
    bands: [{ upToKg: 5, price: 29.95 }],
    transitDays: { min: 1, max: 1 },
    cutoff: '14:00',
    countries: ['US'],
  },
  {
    code: 'ca-post',
    name: 'Canada Post',
    kind: 'flat',
    price: 25,
    transitDays: { min: 4, max: 8 },
    cutoff: '12:00',
    countries: ['CA'],
  },
];

describe('GET /api/shipping-methods', () => {
  it('answers anyone the seeded methods: counter pickup, ground free over $500, next-day and freight', async () => {
    const response = await call('GET', '/api/shipping-methods');
    expect(response.statusCode).toBe(200);
    const methods = response.json<ShippingMethod[]>();
    expect(methods.map((method) => method.code)).toEqual(['pickup', 'ground', 'next-day', 'freight']);
    expect(methods[0]).toEqual({
      code: 'pickup',
      name: 'Counter pickup',
      kind: 'pickup',
      price: 0,
      transitDays: { min: 0, max: 0 },
      cutoff: '17:00',
      countries: ['US'],
    });
    expect(methods[1]).toMatchObject({
      kind: 'weight',
      freeOverSubtotal: 500,
      transitDays: { min: 3, max: 5 },
    });
    expect(methods[1]!.bands![0]).toEqual({ upToKg: 5, price: 9.95 });
    expect(methods[3]!.bands!.at(-1)!.upToKg).toBe(2000);
  });
});

describe('PUT /api/admin/shipping-methods', () => {
  it('refuses visitors (401) and customers (403)', async () => {
    expect((await call('PUT', '/api/admin/shipping-methods', undefined, TEST_METHODS)).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/admin/shipping-methods', await customer(), TEST_METHODS)).statusCode,
    ).toBe(403);
  });

  it('answers 400 with the field of each problem and changes nothing', async () => {
    const before = (await call('GET', '/api/shipping-methods')).json<ShippingMethod[]>();
    const bad: ShippingMethodInput[] = [
      { ...TEST_METHODS[3]!, price: undefined },
      {
        ...TEST_METHODS[1]!,
        bands: [
          { upToKg: 5, price: 9.95 },
          { upToKg: 5, price: 12 },
        ],
        cutoff: '25:00',
      },
      { ...TEST_METHODS[2]!, code: 'ground', transitDays: { min: 3, max: 1 }, countries: [] },
    ];
    const response = await call('PUT', '/api/admin/shipping-methods', admin, bad);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        '0.price': messages.shippingPages.validation.flatNeedsPrice,
        '1.bands.1.upToKg': messages.shippingPages.validation.bandsAscending,
        '1.cutoff': messages.shippingPages.validation.cutoffInvalid,
        '2.transitDays.max': messages.shippingPages.validation.transitOrder,
        '2.countries': messages.shippingPages.validation.countriesRequired,
        '2.code': messages.shippingPages.validation.codeTaken('ground'),
      },
    });
    expect((await call('GET', '/api/shipping-methods')).json()).toEqual(before);
  });

  it('replaces the whole list, in order, and GET answers it', async () => {
    const response = await call('PUT', '/api/admin/shipping-methods', admin, TEST_METHODS);
    expect(response.statusCode).toBe(200);
    const saved = response.json<ShippingMethod[]>();
    expect(saved.map((method) => method.code)).toEqual(['pickup', 'ground', 'next-day', 'ca-post']);
    expect(saved[0]).toMatchObject({ kind: 'pickup', price: 0 });
    expect(saved[3]).toMatchObject({ kind: 'flat', price: 25, countries: ['CA'] });
    expect(saved[3]).not.toHaveProperty('bands');
    expect((await call('GET', '/api/shipping-methods')).json()).toEqual(saved);
  });
});

describe('GET and PUT /api/admin/tax-rates', () => {
  it('refuses visitors (401) and customers (403)', async () => {
    const buyer = await customer();
    expect((await call('GET', '/api/admin/tax-rates')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/tax-rates', buyer)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/tax-rates', buyer, [])).statusCode).toBe(403);
  });

  it('starts with the base sales tax of the 50 states and DC, 0 where there is none', async () => {
    const response = await call('GET', '/api/admin/tax-rates', admin);
    expect(response.statusCode).toBe(200);
    const rates = response.json<TaxRate[]>();
    expect(rates).toHaveLength(51);
    expect(rates.every((rate) => rate.country === 'US')).toBe(true);
    const of = (region: string) => rates.find((rate) => rate.region === region);
    expect(of('TX')).toEqual({ country: 'US', region: 'TX', ratePercent: 6.25, taxShipping: true });
    expect(of('MN')).toMatchObject({ ratePercent: 6.875 });
    expect(of('CA')).toMatchObject({ ratePercent: 7.25, taxShipping: false });
    for (const none of ['AK', 'DE', 'MT', 'NH', 'OR']) expect(of(none)).toMatchObject({ ratePercent: 0 });
  });

  it('answers 400 for a bad row or a destination twice, and replaces the list when it is right', async () => {
    const bad = await call('PUT', '/api/admin/tax-rates', admin, [
      { country: 'USA', region: 'tx', ratePercent: 101, taxShipping: true },
      { country: 'US', region: 'IL', ratePercent: 6.25, taxShipping: false },
      { country: 'US', region: 'IL', ratePercent: 6.25, taxShipping: false },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: {
        '0.country': messages.shippingPages.validation.countryInvalid,
        '0.region': messages.shippingPages.validation.regionRequired,
        '0.ratePercent': messages.shippingPages.validation.rateInvalid,
        '2.region': messages.shippingPages.validation.rateTwice('US/IL'),
      },
    });
    const rates: TaxRate[] = [
      { country: 'US', region: 'TX', ratePercent: 6.25, taxShipping: true },
      { country: 'CA', region: 'ON', ratePercent: 13, taxShipping: true },
    ];
    const saved = await call('PUT', '/api/admin/tax-rates', admin, rates);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual([rates[1], rates[0]]);
    expect((await call('GET', '/api/admin/tax-rates', admin)).json()).toEqual([rates[1], rates[0]]);
  });

  it("gives an address without a row the default rate, and a region's row its own (app.shipping.taxFor)", async () => {
    expect(await t.app.shipping.taxFor('CA', 'on')).toEqual({
      rateMilliPercent: 13_000,
      taxShipping: true,
      source: 'region',
    });
    expect(await t.app.shipping.taxFor('US', 'WY')).toEqual({
      rateMilliPercent: 0,
      taxShipping: false,
      source: 'default',
    });
  });
});

describe('POST /api/checkout/quote', () => {
  const destination = {
    address: '1 Depot Road, Springfield',
    country: 'US',
    region: 'IL',
    postalCode: '62701',
  };
  /** A customer whose cart holds `lines`, each a new part of `grams` and `priceCents` (minimum 1). */
  const buyerWith = async (lines: { grams: number; priceCents: number; quantity: number }[]) => {
    const buyer = await customer();
    for (const line of lines) {
      const partId = await insertPart(t.database.db, { minqty: 1, priceCents: line.priceCents });
      await setWeight(partId, line.grams);
      await putInCart(t.app, buyer, partId, line.quantity);
    }
    return buyer;
  };
  const setWeight = async (partId: string, grams: number) => {
    const part = (await call('GET', `/api/parts/${partId}`)).json<Record<string, unknown>>();
    const response = await call('PUT', `/api/parts/${partId}`, admin, {
      name: part.name,
      description: part.description,
      available: part.available,
      minqty: part.minqty,
      price: part.price,
      img: part.img,
      sku: part.sku,
      weightKg: grams / 1000,
    });
    expect(response.statusCode).toBe(200);
  };
  const quote = async (buyer: TestUser, body: object = destination) => {
    const response = await call('POST', '/api/checkout/quote', buyer, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Quote>();
  };
  const DATE = /^\d{4}-\d{2}-\d{2}$/;

  beforeAll(async () => {
    expect((await call('PUT', '/api/admin/shipping-methods', admin, TEST_METHODS)).statusCode).toBe(200);
  });

  it('refuses visitors (401) and answers 400 CART_EMPTY for an empty cart', async () => {
    expect((await call('POST', '/api/checkout/quote', undefined, destination)).statusCode).toBe(401);
    const empty = await call('POST', '/api/checkout/quote', await customer(), destination);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'CART_EMPTY', message: messages.cart.cartEmpty });
  });

  it('answers 400 with the fields missing from a typed destination', async () => {
    const buyer = await buyerWith([{ grams: 1000, priceCents: 1000, quantity: 1 }]);
    const response = await call('POST', '/api/checkout/quote', buyer, { address: '1 Depot Road' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'country',
      'postalCode',
      'region',
    ]);
  });

  it('weighs the cart and prices each method by the band of its weight, with delivery dates', async () => {
    // 2 x 1.2 kg + 1 x 0.4 kg = 2.8 kg; $50.00 + $8.00.
    const buyer = await buyerWith([
      { grams: 1200, priceCents: 2500, quantity: 2 },
      { grams: 400, priceCents: 800, quantity: 1 },
    ]);
    const answer = await quote(buyer);
    expect(answer.weightKg).toBe(2.8);
    expect(answer.subtotal).toBe(58);
    expect(answer.options.map(({ code, name, cost }) => ({ code, name, cost }))).toEqual([
      { code: 'pickup', name: 'Counter pickup', cost: 0 },
      { code: 'ground', name: 'Ground', cost: 9.95 },
      { code: 'next-day', name: 'Next-day', cost: 29.95 },
    ]);
    for (const option of answer.options) {
      expect(option.estimatedDelivery.from).toMatch(DATE);
      expect(option.estimatedDelivery.to >= option.estimatedDelivery.from).toBe(true);
    }
  });

  it('leaves out a method whose bands do not reach the cart, and makes ground free over $500', async () => {
    // 3 x 8.5 kg = 25.5 kg: over next-day's 5 kg and ground's 20 kg.
    const heavy = await buyerWith([{ grams: 8500, priceCents: 4000, quantity: 3 }]);
    expect((await quote(heavy)).options.map((option) => option.code)).toEqual(['pickup']);
    // 6 kg at $500.00: ground's second band, free.
    const big = await buyerWith([{ grams: 6000, priceCents: 50_000, quantity: 1 }]);
    const answer = await quote(big);
    expect(answer.options.map(({ code, cost }) => ({ code, cost }))).toEqual([
      { code: 'pickup', cost: 0 },
      { code: 'ground', cost: 0 },
    ]);
  });

  it('offers only the methods serving the country', async () => {
    const buyer = await buyerWith([{ grams: 1000, priceCents: 1000, quantity: 1 }]);
    const canada = await quote(buyer, { country: 'CA', region: 'ON', postalCode: 'M5V 2T6' });
    expect(canada.options.map(({ code, cost }) => ({ code, cost }))).toEqual([{ code: 'ca-post', cost: 25 }]);
    expect((await quote(buyer, { country: 'MX', region: 'JAL', postalCode: '44100' })).options).toEqual([]);
  });

  it("quotes to a ship-to location of the buyer's company, and 404 for another's", async () => {
    const buyer = await buyerWith([{ grams: 1000, priceCents: 1000, quantity: 1 }]);
    expect((await call('POST', '/api/companies', buyer, { name: 'Quote Garage' })).statusCode).toBe(201);
    const added = await call('POST', '/api/companies/mine/addresses', buyer, {
      ...DEPOT_ADDRESS,
      country: 'CA',
    });
    expect(added.statusCode).toBe(201);
    const addressId = added.json<{ _id: string }>()._id;
    const answer = await quote(buyer, { addressId });
    expect(answer.options.map((option) => option.code)).toEqual(['ca-post']);
    const stranger = await buyerWith([{ grams: 1000, priceCents: 1000, quantity: 1 }]);
    expect((await call('POST', '/api/checkout/quote', stranger, { addressId })).statusCode).toBe(404);
  });
});
