/**
 * The one pricing rule and the buyers' price books (docs/requirements.md §15; docs/decisions/027-trade-terms.md): a
 * contract price alone at every quantity, else the level's discount (the category's own when it has one) off the list
 * price and every break, rounded half up and never below a cent; a book found by one read and rebuilt in-process only
 * after an admin change bumped a version. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { Company, Part } from '@partsforge/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPrices, companyTerms, priceLevels } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart } from '../../test/orders.js';
import {
  createPriceBooks,
  discounted,
  netPrices,
  netUnitPriceCents,
  pricePart,
  type PriceBook,
} from './price-book.js';

const BRAKES = '11111111-1111-4111-8111-111111111111';
const FILTERS = '22222222-2222-4222-8222-222222222222';
const CONTRACT_PART = '33333333-3333-4333-8333-333333333333';

/** A book at 15 % off, brakes 20 %, with one contract price of $7.00. */
const book: PriceBook = {
  key: 'test',
  terms: {
    companyId: 'c',
    priceLevel: 'jobber',
    paymentTerms: 'net30',
    creditLimitCents: 0,
    taxExempt: false,
    resaleCertificate: null,
  },
  discountOf: (category) => (category === BRAKES ? 2000 : 1500),
  contractPrices: new Map([[CONTRACT_PART, 700]]),
};

const breaks = [
  { minQuantity: 50, priceCents: 920 },
  { minQuantity: 200, priceCents: 850 },
];

describe('netPrices', () => {
  it('takes the level discount off the list price and every break, the category its own', () => {
    expect(netPrices(book, { partId: 'p', categoryId: FILTERS, priceCents: 1000, breaks })).toEqual({
      priceCents: 850,
      breaks: [
        { minQuantity: 50, priceCents: 782 },
        { minQuantity: 200, priceCents: 723 },
      ],
    });
    expect(netPrices(book, { partId: 'p', categoryId: BRAKES, priceCents: 1000, breaks }).priceCents).toBe(
      800,
    );
    expect(netPrices(book, { partId: 'p', categoryId: null, priceCents: 1000, breaks: [] }).priceCents).toBe(
      850,
    );
  });

  it('gives a contract price alone, at every quantity', () => {
    const part = { partId: CONTRACT_PART, categoryId: BRAKES, priceCents: 1000, breaks };
    expect(netPrices(book, part)).toEqual({ priceCents: 700, breaks: [] });
    expect(netUnitPriceCents(book, part, 500)).toBe(700);
  });

  it('prices at list without a book', () => {
    const part = { partId: 'p', categoryId: BRAKES, priceCents: 1000, breaks };
    expect(netPrices(null, part)).toEqual({ priceCents: 1000, breaks });
    expect(netUnitPriceCents(null, part, 60)).toBe(920);
    expect(netUnitPriceCents(book, part, 60)).toBe(736);
  });

  it('rounds half up and never below a cent', () => {
    expect(discounted(1, 1500)).toBe(1);
    expect(discounted(10, 2500)).toBe(8); // 7.5 -> 8
    expect(discounted(999, 10_000)).toBe(1);
    expect(discounted(3450, 1500)).toBe(2933); // "List $34.50 · Your price $29.33"
  });
});

describe('pricePart', () => {
  const part = {
    _id: 'p',
    category: FILTERS,
    price: 34.5,
    priceBreaks: [{ minQuantity: 10, price: 30 }],
  } as Part;

  it("gives the member's prices and keeps the list ones beside them", () => {
    expect(pricePart(book, part)).toMatchObject({
      price: 29.33,
      priceBreaks: [{ minQuantity: 10, price: 25.5 }],
      listPrice: 34.5,
      listPriceBreaks: [{ minQuantity: 10, price: 30 }],
    });
  });

  it('leaves the part as it is without a book', () => {
    expect(pricePart(null, part)).toBe(part);
  });
});

describe('createPriceBooks', () => {
  let t: TestApp;
  let owner: TestUser;
  let loner: TestUser;
  let companyId: string;
  let partId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUpAndGetToken(t.app, { email: uniqueEmail('book-owner'), name: 'Olive Owner' });
    loner = await signUpAndGetToken(t.app, { email: uniqueEmail('book-loner'), name: 'Lone Buyer' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: owner.headers,
      payload: { name: 'Book Motors' },
    });
    companyId = created.json<Company>()._id;
    partId = await insertPart(t.database.db, { priceCents: 1000 });
  });
  afterAll(() => t.close());

  it('finds no book for a customer in no company, nor for a company without terms', async () => {
    const books = createPriceBooks(t.database.db);
    expect(await books.forUser(loner.user.id)).toBeNull();
    expect(await books.forUser(owner.user.id)).toBeNull();
  });

  it("finds the company's book, and sees an admin's change at the next read", async () => {
    const db = t.database.db;
    await db.insert(companyTerms).values({
      companyId,
      priceLevel: 'jobber',
      paymentTerms: 'net30',
      creditLimitCents: 500_000,
      taxExempt: false,
    });
    const books = createPriceBooks(db);
    const first = await books.forUser(owner.user.id);
    expect(first?.terms).toMatchObject({ companyId, priceLevel: 'jobber', creditLimitCents: 500_000 });
    expect(netUnitPriceCents(first, { partId, categoryId: null, priceCents: 1000, breaks: [] }, 1)).toBe(850);

    // Unchanged versions: the same contents; a contract price with a bumped version: the new price.
    expect((await books.forUser(owner.user.id))?.key).toBe(first?.key);
    await db.insert(companyPrices).values({ companyId, partId, priceCents: 600 });
    await db
      .update(companyTerms)
      .set({ pricesVersion: sql`${companyTerms.pricesVersion} + 1` })
      .where(eq(companyTerms.companyId, companyId));
    const second = await books.forUser(owner.user.id);
    expect(second?.key).not.toBe(first?.key);
    expect(second?.contractPrices.get(partId)).toBe(600);

    // A level's change (its version bumped) reaches every company at that level.
    await db
      .update(priceLevels)
      .set({ discountBasisPoints: 3000, version: sql`${priceLevels.version} + 1` })
      .where(eq(priceLevels.code, 'jobber'));
    const third = await books.forUser(owner.user.id);
    expect(third?.discountOf(null)).toBe(3000);
    expect(third?.contractPrices.get(partId)).toBe(600);
  });
});
