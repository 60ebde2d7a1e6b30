/**
 * Delivery and tax by destination on orders (docs/requirements.md §16) as a client sees them: the method chosen
 * (or the cheapest that delivers) stored on the order with its cost and dates, the total subtotal + shipping + tax,
 * the destination's rate fixed on the order (on the shipping too where the region taxes it), none for a tax-exempt
 * company, TAX_RATE_PERCENT without a destination, and the spec's one-part purchase. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import type { Order, Quote } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, payAtProvider, placeOrderFor, putInCart } from '../../test/orders.js';
import { pdfText } from '../../test/pdf-text.js';
import { companyOf, setTerms } from '../../test/trade-terms.js';

let t: TestApp;
let ann: TestUser;
let owner: TestUser;
let admin: TestUser;
/** $25.00 a unit, 1 kg each (the parts' default weight). */
let part: string;

beforeAll(async () => {
  // TAX_RATE_PERCENT 8.25: what an order without a destination (or with one that has no row) pays.
  t = await buildTestApp({ config: { maxUnpaidOrders: 100, writeLimits: false, taxRateBasisPoints: 825 } });
  [ann, owner, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('owner'), name: 'Olga Owner' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' }),
  ]);
  part = await insertPart(t.database.db, { minqty: 1, priceCents: 2500, available: 1000 });
  const rates = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/tax-rates',
    headers: admin.headers,
    payload: [
      { country: 'US', region: 'CA', ratePercent: 7.25, taxShipping: false },
      { country: 'US', region: 'NJ', ratePercent: 6.625, taxShipping: true },
      { country: 'US', region: 'OR', ratePercent: 0, taxShipping: false },
    ],
  });
  expect(rates.statusCode).toBe(200);
});
afterAll(() => t.close());

const checkout = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/checkout', headers: user.headers, payload });

/** Puts `units` of the part in `user`'s cart and checks out with `body`; the order (201 expected). */
async function orderOf(user: TestUser, units: number, body: object): Promise<Order> {
  await putInCart(t.app, user, part, units);
  const response = await checkout(user, { address: '4 Depot Road', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Order>();
}

describe('shipping on the order', () => {
  it('stores the method chosen with its cost and the dates the quote gave; the total adds it', async () => {
    await putInCart(t.app, ann, part, 4);
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        headers: ann.headers,
        payload: { country: 'US', region: 'CA', postalCode: '94103' },
      })
    ).json<Quote>();
    const nextDay = quote.options.find((option) => option.code === 'next-day')!;
    // 4 kg: next-day's first band, $29.95.
    expect(nextDay.cost).toBe(29.95);

    const response = await checkout(ann, {
      address: '4 Depot Road',
      country: 'US',
      region: 'CA',
      postalCode: '94103',
      shippingMethod: 'next-day',
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    // $100.00 + $29.95 shipping + 7.25% of $100.00 (California does not tax shipping).
    expect(order).toMatchObject({
      subtotal: 100,
      shipping: {
        method: 'next-day',
        name: 'Next-day',
        cost: 29.95,
        estimatedDelivery: nextDay.estimatedDelivery,
      },
      tax: 7.25,
      taxRatePercent: 7.25,
      taxRegion: { country: 'US', region: 'CA' },
      taxShipping: false,
      total: 137.2,
    });
    const read = await t.app.inject({ url: `/api/order/${order._id}`, headers: ann.headers });
    expect(read.json<Order>()).toMatchObject({ shipping: order.shipping, total: 137.2 });
  });

  it('uses the cheapest method that delivers when none is named, never a pickup', async () => {
    // 4 kg under $500: ground's first band ($9.95), cheaper than next-day; the pickup (free) is not chosen.
    const order = await orderOf(ann, 4, { country: 'US', region: 'OR', postalCode: '97201' });
    expect(order.shipping).toMatchObject({ method: 'ground', name: 'Ground', cost: 9.95 });
    expect(order).toMatchObject({ subtotal: 100, tax: 0, taxRatePercent: 0, total: 109.95 });
    // Over $500 ground is free.
    const big = await orderOf(ann, 21, { country: 'US', region: 'OR', postalCode: '97201' });
    expect(big.shipping).toMatchObject({ method: 'ground', cost: 0 });
    expect(big.total).toBe(525);
  });

  it('charges nothing for a counter pickup, ready the same business day or the next', async () => {
    const order = await orderOf(ann, 2, {
      shippingMethod: 'pickup',
      country: 'US',
      region: 'OR',
      postalCode: '97201',
    });
    expect(order.shipping).toMatchObject({ method: 'pickup', name: 'Counter pickup', cost: 0 });
    expect(order.shipping!.estimatedDelivery!.from).toBe(order.shipping!.estimatedDelivery!.to);
    expect(order.total).toBe(50);
  });

  it('refuses a method that is not offered for the cart, placing nothing', async () => {
    await putInCart(t.app, ann, part, 60);
    // 60 kg: next-day's bands end at 50 kg.
    const response = await checkout(ann, { address: '4 Depot Road', shippingMethod: 'next-day' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'SHIPPING_METHOD_UNAVAILABLE' });
    const unknown = await checkout(ann, { address: '4 Depot Road', shippingMethod: 'teleport' });
    expect(unknown.json()).toMatchObject({ code: 'SHIPPING_METHOD_UNAVAILABLE' });
    const cart = await t.app.inject({ url: '/api/cart', headers: ann.headers });
    expect(cart.json<{ lines: unknown[] }>().lines).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: `/api/cart/lines/${part}`, headers: ann.headers });
  });

  it("taxes the shipping too where the region does, at the region's rate to the thousandth of a percent", async () => {
    const order = await orderOf(ann, 4, {
      country: 'US',
      region: 'nj',
      postalCode: '07030',
      shippingMethod: 'next-day',
    });
    // 6.625% of ($100.00 + $29.95) = $8.609… -> $8.61.
    expect(order).toMatchObject({
      taxRatePercent: 6.625,
      taxRegion: { country: 'US', region: 'NJ' },
      taxShipping: true,
      tax: 8.61,
      total: 138.56,
    });

    // Paid: the invoice shows the shipping between the subtotal and the tax, and the rate with its region.
    const transactionId = await payAtProvider(t.app, ann, order._id);
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${order._id}`,
      headers: ann.headers,
      payload: { transactionId },
    });
    expect(paid.statusCode).toBe(200);
    const invoice = await t.app.inject({ url: `/api/order/${order._id}/invoice.pdf`, headers: ann.headers });
    expect(invoice.statusCode).toBe(200);
    const { text } = pdfText(invoice.rawPayload);
    expect(text).toContain('Shipping (Next-day)');
    expect(text).toContain('$29.95');
    expect(text).toContain('Tax (6.625%, NJ)');
    expect(text).toContain('$8.61');
    expect(text).toContain('$100.00');
    expect(text).toContain('$138.56');
  });

  it('uses TAX_RATE_PERCENT without a destination (older clients) or for a region without a row', async () => {
    const old = await orderOf(ann, 4, {});
    expect(old).toMatchObject({ taxRatePercent: 8.25, taxRegion: null, tax: 8.25, taxShipping: false });
    expect(old.shipping).toMatchObject({ method: 'ground', cost: 9.95 });
    expect(old.total).toBe(118.2);
    const unknown = await orderOf(ann, 4, { country: 'US', region: 'ZZ', postalCode: '00000' });
    expect(unknown).toMatchObject({ taxRatePercent: 8.25, taxRegion: null, tax: 8.25 });
  });

  it("charges a tax-exempt company's order no tax, shipping included", async () => {
    const company = await companyOf(t, owner, `Exempt Garage ${uniqueEmail('c')}`);
    await setTerms(t, company._id, { taxExempt: true, resaleCertificate: 'RC-77' });
    const order = await orderOf(owner, 4, {
      country: 'US',
      region: 'NJ',
      postalCode: '07030',
      shippingMethod: 'next-day',
    });
    expect(order).toMatchObject({ taxExempt: true, tax: 0, taxRatePercent: 0, total: 129.95 });
  });

  it("gives the spec's one-part purchase the cheapest method for its address", async () => {
    const orderId = await placeOrderFor(t.app, ann, part, 4);
    const order = (await t.app.inject({ url: `/api/order/${orderId}`, headers: ann.headers })).json<Order>();
    expect(order.shipping).toMatchObject({ method: 'ground', cost: 9.95 });
    expect(order).toMatchObject({ subtotal: 100, tax: 8.25, total: 118.2 });
  });
});
