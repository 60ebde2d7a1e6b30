/**
 * Buyers' prices on the catalogue reads (docs/requirements.md §15; docs/decisions/027-trade-terms.md), as a client
 * sees them: a member of a company with terms gets their unit prices in `price`/`priceBreaks` and the list ones in
 * `listPrice`/`listPriceBreaks` on every parts answer (list, search, filters, vehicle list, part), sorted by price
 * in their own order; visitors, customers without a company and members of a company without terms get list
 * prices as before. Cached pages never carry one buyer's prices to another, and members' answers are private.
 * Run twice: with the search index (price ranks per book) and with the database alone (SQL ordering by the buyer's
 * prices); the response cache is on in both.
 */
import { type Part } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.js';
import { companyPrices, companyTerms, priceLevels } from '../../db/schema/index.js';
import { bearer, expiredToken, signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { catalogFixture, fixtureParts } from '../../test/catalog-fixture.js';
import { seedVehicles } from '../vehicles/index.js';

const WAYS: [string, Partial<Config>][] = [
  ['with the search index', {}],
  ['from the database (search index off)', { catalogSearchIndex: false }],
];

/** The fixture's list price of part `sku` in cents. */
const listCents = (sku: string) => fixtureParts.find((part) => part.sku === sku)!.priceCents;
/** Cents less a discount in basis points, rounded half up (the rule of docs/requirements.md §15). */
const less = (cents: number, basisPoints: number) => Math.round((cents * (10_000 - basisPoints)) / 10_000);
const skus = (parts: Part[]) => parts.map((part) => part.sku);
const prices = (parts: Part[]) => parts.map((part) => part.price);
const ascending = (values: number[]) =>
  values.every((value, index) => index === 0 || values[index - 1]! <= value);
const descending = (values: number[]) => ascending([...values].reverse());

/** The vehicle of the vehicle lists, and the parts fitting it (TP-0003 is universal). */
const CAMRY = 'year=2019&make=toyota&model=camry';
const FITTING = ['TP-0001', 'TP-0002', 'TP-0004', 'TP-0015'];

for (const [way, config] of WAYS)
  describe(way, () => {
    let t: TestApp;
    /** Jobber (10 %, brakes 25 %, a $5.00 contract price on TP-0015), dealer (5 %), a company without terms. */
    let jobber: TestUser;
    let dealer: TestUser;
    let noTerms: TestUser;
    let customer: TestUser;
    const idOf = new Map<string, string>();
    let brakes: string;

    beforeAll(async () => {
      t = await buildTestApp({ seed: catalogFixture, config });
      await seedVehicles(t.database.db);
      await t.app.ready();
      const signUp = (name: string) =>
        signUpAndGetToken(t.app, { email: uniqueEmail(name.replace(' ', '').toLowerCase()), name });
      let admin: TestUser;
      [admin, jobber, dealer, noTerms, customer] = await Promise.all([
        signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
        signUp('Jobber'),
        signUp('Dealer'),
        signUp('No Terms'),
        signUp('Customer'),
      ]);
      const companyOf = async (user: TestUser, name: string) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/companies',
          headers: user.headers,
          payload: { name },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ _id: string }>()._id;
      };
      const [jobberCompany, dealerCompany] = await Promise.all([
        companyOf(jobber, 'Jobber Garage'),
        companyOf(dealer, 'Dealer Motors'),
        companyOf(noTerms, 'Cash Garage'),
      ]);
      const all = await t.app.inject({ url: '/api/parts?limit=100' });
      expect(all.statusCode, all.body).toBe(200);
      for (const part of all.json<Part[]>()) idOf.set(part.sku, part._id);
      brakes = all.json<Part[]>()[0]!.category!;

      // The trade-terms tables, written directly: what the admin routes store.
      const { db } = t.database;
      await db.insert(priceLevels).values([
        {
          code: 'test-jobber',
          name: 'Test Jobber',
          discountBasisPoints: 1000,
          categoryDiscounts: [{ categoryId: brakes, basisPoints: 2500 }],
          position: 10,
        },
        {
          code: 'test-dealer',
          name: 'Test Dealer',
          discountBasisPoints: 500,
          categoryDiscounts: [],
          position: 11,
        },
      ]);
      const terms = { paymentTerms: 'net30' as const, creditLimitCents: 1_000_000, taxExempt: false };
      await db.insert(companyTerms).values([
        { companyId: jobberCompany, priceLevel: 'test-jobber', ...terms },
        { companyId: dealerCompany, priceLevel: 'test-dealer', ...terms },
      ]);
      await db
        .insert(companyPrices)
        .values({ companyId: jobberCompany, partId: idOf.get('TP-0015')!, priceCents: 500 });

      // The vehicle: four parts fit a 2019 Camry, TP-0003 fits every vehicle.
      for (const sku of FITTING) {
        const response = await t.app.inject({
          method: 'PUT',
          url: `/api/parts/${idOf.get(sku)}/fitment`,
          headers: admin.headers,
          payload: {
            universal: false,
            rows: [{ make: 'toyota', model: 'camry', yearFrom: 2015, yearTo: 2024 }],
          },
        });
        expect(response.statusCode, response.body).toBe(204);
      }
      const universal = await t.app.inject({
        method: 'PUT',
        url: `/api/parts/${idOf.get('TP-0003')}/fitment`,
        headers: admin.headers,
        payload: { universal: true, rows: [] },
      });
      expect(universal.statusCode, universal.body).toBe(204);
      // The index, when on, answers again once rebuilt after these changes.
      await vi.waitFor(
        () =>
          expect(t.app.catalog.searchIndexParts).toBe(
            config.catalogSearchIndex === false ? undefined : fixtureParts.length,
          ),
        { timeout: 30_000 },
      );
    }, 120_000);
    afterAll(() => t.close());

    const get = (url: string, user?: TestUser | string) =>
      t.app.inject({
        url,
        headers:
          user === undefined ? {} : typeof user === 'string' ? { authorization: user } : bearer(user.token),
      });
    const list = async (url: string, user?: TestUser | string) => {
      const response = await get(url, user);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Part[]>();
    };
    const bySku = (parts: Part[], sku: string) => parts.find((part) => part.sku === sku)!;

    /** The jobber's unit base price of `sku` in dollars. */
    const jobberPrice = (sku: string) => {
      if (sku === 'TP-0015') return 5;
      const category = (Number(sku.slice(3)) - 1) % 3 === 0 ? 2500 : 1000;
      return less(listCents(sku), category) / 100;
    };

    it('gives a member their level prices and breaks, with the list ones beside them, on the plain list', async () => {
      const parts = await list('/api/parts?limit=100', jobber);
      expect(parts).toHaveLength(15);
      // TP-0001 is a brake part: 25 % off $10.99 is $8.2425, rounded to $8.24.
      expect(bySku(parts, 'TP-0001')).toMatchObject({
        price: 8.24,
        priceBreaks: [],
        listPrice: 10.99,
        listPriceBreaks: [],
      });
      // TP-0002 (filters): the level's 10 % off its price and each quantity break.
      expect(bySku(parts, 'TP-0002')).toMatchObject({
        price: 19.78,
        priceBreaks: [
          { minQuantity: 10, price: 18.45 },
          { minQuantity: 50, price: 17.99 },
        ],
        listPrice: 21.98,
        listPriceBreaks: [
          { minQuantity: 10, price: 20.5 },
          { minQuantity: 50, price: 19.99 },
        ],
      });
      // The contract price is the price at every quantity.
      expect(bySku(parts, 'TP-0015')).toMatchObject({ price: 5, priceBreaks: [], listPrice: 164.85 });
      for (const part of parts) expect(part.price).toBe(jobberPrice(part.sku));

      const other = await list('/api/parts?limit=100', dealer);
      expect(bySku(other, 'TP-0001')).toMatchObject({ price: 10.44, listPrice: 10.99 });
      expect(bySku(other, 'TP-0015')).toMatchObject({ price: less(16_485, 500) / 100, listPrice: 164.85 });
    });

    it('prices search results, category filters, the vehicle list and one part alike', async () => {
      const found = await list('/api/parts?q=test+part&limit=100', jobber);
      expect(found).toHaveLength(15);
      for (const part of found)
        expect(part).toMatchObject({ price: jobberPrice(part.sku), listPrice: listCents(part.sku) / 100 });

      const filtered = await list(`/api/parts?category=${brakes}&limit=100`, jobber);
      expect(skus(filtered)).toEqual(['TP-0001', 'TP-0004', 'TP-0007', 'TP-0010', 'TP-0013']);
      for (const part of filtered) expect(part.price).toBe(jobberPrice(part.sku));

      const fitting = await list(`/api/parts?${CAMRY}&limit=100`, jobber);
      expect(skus(fitting).sort()).toEqual([...FITTING, 'TP-0003'].sort());
      for (const part of fitting)
        expect(part).toMatchObject({ price: jobberPrice(part.sku), listPrice: listCents(part.sku) / 100 });
      expect(bySku(fitting, 'TP-0001').fitment).toEqual({ status: 'fits' });

      const one = await get(`/api/parts/${idOf.get('TP-0002')}`, jobber);
      expect(one.statusCode).toBe(200);
      expect(one.json<Part>()).toMatchObject({ sku: 'TP-0002', price: 19.78, listPrice: 21.98 });
      const contract = await get(`/api/parts/${idOf.get('TP-0015')}`, jobber);
      expect(contract.json<Part>()).toMatchObject({ price: 5, listPrice: 164.85, priceBreaks: [] });
    });

    it('gives visitors, customers without a company, members without terms and bad tokens list prices only', async () => {
      const visitor = await list('/api/parts?limit=100');
      const expected = visitor.map((part) => ({ ...part }));
      for (const part of visitor) {
        expect(part.price).toBe(listCents(part.sku) / 100);
        expect(part).not.toHaveProperty('listPrice');
        expect(part).not.toHaveProperty('listPriceBreaks');
      }
      const invalid = 'Bearer not-a-token';
      const expired = `Bearer ${await expiredToken(t.app, jobber.user)}`;
      for (const caller of [customer, noTerms, invalid, expired, 'Basic abc'])
        expect(await list('/api/parts?limit=100', caller)).toEqual(expected);
      const part = await get(`/api/parts/${idOf.get('TP-0002')}`, customer);
      expect(part.json<Part>()).toEqual(bySku(expected, 'TP-0002'));
      expect(part.json<Part>()).not.toHaveProperty('listPrice');
    });

    it("sorts by the member's prices: a contract price moves a part first", async () => {
      // The way under test answers: the search index (current), or the database.
      expect(t.app.catalog.searchIndexState.state).toBe(
        config.catalogSearchIndex === false ? 'off' : 'current',
      );
      for (const url of ['/api/parts?limit=100', '/api/parts?q=test+part&limit=100']) {
        const visitorAsc = await list(`${url}&sort=price-asc`);
        expect(skus(visitorAsc).at(-1)).toBe('TP-0015');
        const asc = await list(`${url}&sort=price-asc`, jobber);
        expect(asc[0]).toMatchObject({ sku: 'TP-0015', price: 5 });
        expect(ascending(prices(asc))).toBe(true);
        const desc = await list(`${url}&sort=price-desc`, jobber);
        expect(skus(desc)).toEqual(skus(asc).reverse());
        expect(descending(prices(desc))).toBe(true);
        // Paged, the pages are slices of the same order.
        const pages = [
          ...(await list(`${url.replace('limit=100', 'limit=4')}&sort=price-asc`, jobber)),
          ...(await list(`${url.replace('limit=100', 'limit=4')}&sort=price-asc&offset=4`, jobber)),
        ];
        expect(skus(pages)).toEqual(skus(asc).slice(0, 8));
      }
      // The member's prices decide: the contract part first, then the catalogue by net price.
      const brakesFirst = await list(`/api/parts?limit=100&sort=price-asc`, jobber);
      expect(skus(brakesFirst).slice(0, 4)).toEqual(['TP-0015', 'TP-0001', 'TP-0002', 'TP-0003']);
      const vehicle = await list(`/api/parts?${CAMRY}&limit=100&sort=price-asc`, jobber);
      expect(skus(vehicle)).toEqual(['TP-0015', 'TP-0001', 'TP-0002', 'TP-0003', 'TP-0004']);
      const vehicleDesc = await list(`/api/parts?${CAMRY}&limit=100&sort=price-desc`, jobber);
      expect(skus(vehicleDesc)).toEqual(['TP-0004', 'TP-0003', 'TP-0002', 'TP-0001', 'TP-0015']);
      const category = await list(`/api/parts?category=${brakes}&limit=2&offset=1&sort=price-desc`, dealer);
      expect(skus(category)).toEqual(['TP-0010', 'TP-0007']);
      expect(prices(category)).toEqual([less(10_990, 500) / 100, less(7693, 500) / 100]);
    });

    it('never shows one buyer another buyer’s prices through the caches', async () => {
      for (const url of [
        '/api/parts?limit=5',
        '/api/parts?limit=5&sort=price-asc',
        '/api/parts?q=part&limit=5&sort=price-asc',
        `/api/parts?${CAMRY}&limit=5`,
        `/api/parts/${idOf.get('TP-0015')}`,
      ]) {
        const first = await get(url, jobber);
        const second = await get(url, dealer);
        const third = await get(url);
        const again = await get(url, jobber);
        const all = (response: typeof first) => [response.json<Part | Part[]>()].flat();
        for (const part of all(first)) expect(part.price, url).toBe(jobberPrice(part.sku));
        for (const part of all(second)) expect(part.price, url).toBe(less(listCents(part.sku), 500) / 100);
        for (const part of all(third)) {
          expect(part.price, url).toBe(listCents(part.sku) / 100);
          expect(part, url).not.toHaveProperty('listPrice');
        }
        expect(again.body).toBe(first.body);
      }
    });

    it('marks answers to requests with an Authorization header private; every parts answer varies by it', async () => {
      for (const url of ['/api/parts', '/api/parts?limit=100', `/api/parts/${idOf.get('TP-0001')}`]) {
        for (const caller of [jobber, customer, 'Bearer not-a-token']) {
          const response = await get(url, caller);
          expect(response.headers['cache-control'], url).toBe('private, no-store');
          expect(String(response.headers.vary).toLowerCase(), url).toContain('authorization');
        }
        const visitor = await get(url);
        expect(visitor.headers['cache-control']).toBeUndefined();
        // A shared proxy keeping a visitor's list-priced page must not answer a member with it.
        expect(String(visitor.headers.vary).toLowerCase(), url).toContain('authorization');
        expect(visitor.headers.etag).toBeUndefined();
      }
      // A compressed member answer still varies by both.
      const compressed = await t.app.inject({
        url: '/api/parts?limit=100',
        headers: { ...bearer(jobber.token), 'accept-encoding': 'gzip' },
      });
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(compressed.headers.vary).toBe('authorization, accept-encoding');
    });
  });
