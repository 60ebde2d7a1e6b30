/**
 * The cart as a client sees it (docs/requirements.md §11 "Cart" and "Quick order"): prices at quantity breaks,
 * the quantity rules on every change, per-customer carts, quick-order import line by line, and the merge of a
 * visitor's cart at sign-in. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { MAX_CART_LINES, messages, type Cart, type CartChangeResult } from '@partsforge/shared';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart } from '../../test/orders.js';
import { setStockOf } from '../../test/stock.js';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { writeLimits: false } });
  [ann, bob] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Buyer' }),
  ]);
});
afterAll(() => t.close());

const cartOf = async (user: TestUser) =>
  (await t.app.inject({ url: '/api/cart', headers: user.headers })).json<Cart>();
const put = (user: TestUser, partId: string, quantity: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/cart/lines/${partId}`,
    headers: user.headers,
    payload: { quantity },
  });
const importText = async (user: TestUser, text: string, dryRun = false) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/cart/import${dryRun ? '?dryRun=true' : ''}`,
    headers: user.headers,
    payload: { text },
  });
  expect(response.statusCode).toBe(200);
  return response.json<CartChangeResult>();
};
const clear = (user: TestUser) => t.app.inject({ method: 'DELETE', url: '/api/cart', headers: user.headers });
/** A fresh SKU whose part after the dash starts with a letter, so "of x1a2b3" never reads as a quantity. */
const sku = (prefix: string) => `${prefix}-X${randomBytes(3).toString('hex').toUpperCase()}`;

describe('GET and PUT /api/cart', () => {
  it('prices each line at the quantity break its quantity reaches, and totals the cart', async () => {
    await clear(ann);
    const pads = await insertPart(t.database.db, {
      minqty: 1,
      priceCents: 1000,
      available: 1000,
      priceBreaks: [
        { minQuantity: 50, priceCents: 920 },
        { minQuantity: 200, priceCents: 850 },
      ],
    });
    const bolts = await insertPart(t.database.db, {
      minqty: 10,
      packSize: 10,
      priceCents: 35,
      name: 'Wheel Bolt',
    });
    const priceAt = async (quantity: number) => {
      const response = await put(ann, pads, quantity);
      expect(response.statusCode).toBe(200);
      return response.json<Cart>().lines.find((line) => line.partId === pads)!;
    };
    expect(await priceAt(49)).toMatchObject({ unitPrice: 10, lineTotal: 490 });
    expect(await priceAt(50)).toMatchObject({ unitPrice: 9.2, lineTotal: 460 });
    expect(await priceAt(199)).toMatchObject({ unitPrice: 9.2, lineTotal: 1830.8 });
    expect(await priceAt(200)).toMatchObject({ unitPrice: 8.5, lineTotal: 1700 });
    expect((await put(ann, bolts, 30)).statusCode).toBe(200);

    const cart = await cartOf(ann);
    expect(cart.lines.map((line) => [line.name, line.quantity, line.packSize, line.problem])).toEqual([
      ['Brake Pad Set', 200, 1, null],
      ['Wheel Bolt', 30, 10, null],
    ]);
    expect(cart.lines[0]).toMatchObject({ minqty: 1, available: 1000, img: '/images/parts/test.svg' });
    expect(cart.lines[0]!.sku).toMatch(/^T-/);
    expect(cart.subtotal).toBe(1710.5);
    expect(await cartOf(bob)).toEqual({ lines: [], subtotal: 0, coreTotal: 0 });
  });

  it('names the broken rule and leaves the cart as it was', async () => {
    await clear(ann);
    const bolts = await insertPart(t.database.db, { minqty: 20, packSize: 10, available: 50 });
    expect((await put(ann, bolts, 20)).statusCode).toBe(200);
    const cases: [unknown, number, object][] = [
      [10, 400, { code: 'VALIDATION_FAILED', message: messages.cart.belowMinimum(20) }],
      [25, 400, { code: 'NOT_PACK_MULTIPLE', message: messages.validation.packMultiple(10) }],
      [60, 409, { code: 'CONFLICT', message: messages.cart.aboveStock(50) }],
      [0, 400, { code: 'VALIDATION_FAILED' }],
      [2.5, 400, { code: 'VALIDATION_FAILED' }],
      ['30', 400, { code: 'VALIDATION_FAILED' }],
    ];
    for (const [quantity, status, body] of cases) {
      const response = await put(ann, bolts, quantity);
      expect({ quantity, status: response.statusCode }).toEqual({ quantity, status });
      expect(response.json()).toMatchObject(body);
    }
    expect((await put(ann, '00000000-0000-4000-8000-000000000000', 2)).statusCode).toBe(404);
    expect((await put(ann, 'not-an-id', 2)).statusCode).toBe(404);
    expect((await cartOf(ann)).lines.map((line) => line.quantity)).toEqual([20]);
  });

  it('shows the problem of a line whose stock fell below its quantity', async () => {
    await clear(ann);
    const part = await insertPart(t.database.db, { minqty: 1, available: 10 });
    await put(ann, part, 8);
    await setStockOf(t.database.db, part, 5);
    expect((await cartOf(ann)).lines[0]!.problem).toBe(messages.cart.aboveStock(5));
  });

  it('removes a line and empties the cart', async () => {
    await clear(ann);
    const [a, b] = await Promise.all([insertPart(t.database.db), insertPart(t.database.db)]);
    await put(ann, a!, 2);
    await put(ann, b!, 4);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/lines/${a}`,
      headers: ann.headers,
    });
    expect(removed.json<Cart>().lines.map((line) => line.partId)).toEqual([b]);
    expect((await clear(ann)).json()).toEqual({ lines: [], subtotal: 0, coreTotal: 0 });
  });

  it(`holds at most ${MAX_CART_LINES} lines`, async () => {
    await clear(bob);
    const rows = await t.database.db
      .insert(parts)
      .values(
        Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({
          sku: sku(`FULL${i}`),
          name: `Filler ${i}`,
          description: 'Filler.',
          available: 10,
          minqty: 1,
          priceCents: 100,
          img: '/images/parts/test.svg',
        })),
      )
      .returning({ id: parts.id });
    for (const row of rows.slice(0, MAX_CART_LINES)) expect((await put(bob, row.id, 1)).statusCode).toBe(200);
    const refused = await put(bob, rows[MAX_CART_LINES]!.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CART_FULL', message: messages.cart.full(MAX_CART_LINES) });
    expect((await put(bob, rows[0]!.id, 3)).statusCode).toBe(200);
    await clear(bob);
  });
});

describe('POST /api/cart/import (quick order)', () => {
  it('reads every separator and a header, and reports each line', async () => {
    await clear(ann);
    const [filter, pads, bolts, scarce] = [sku('OF'), sku('BP'), sku('WB'), sku('SC')];
    const filterId = await insertPart(t.database.db, {
      sku: filter,
      minqty: 1,
      priceCents: 500,
      name: 'Oil Filter',
    });
    await insertPart(t.database.db, { sku: pads, minqty: 4, name: 'Brake Pads' });
    await insertPart(t.database.db, { sku: bolts, minqty: 10, packSize: 10, name: 'Wheel Bolt' });
    await insertPart(t.database.db, { sku: scarce, minqty: 1, available: 3, name: 'Scarce Part' });
    const text = [
      'SKU;Quantity',
      `${filter} 2`,
      `${pads}\t2`,
      '',
      `${bolts},15`,
      `${scarce};9`,
      'NOPE-1 3',
      `${filter.toLowerCase().replace('-', ' ')}`,
      `${filter.toLowerCase().replace('-', '')} 3`,
      `${pads} lots`,
    ].join('\n');

    const preview = await importText(ann, text, true);
    expect(preview.cart.lines).toEqual([]);
    expect(preview.results.map(({ line, status, message }) => [line, status, message])).toEqual([
      [2, 'added', messages.cart.mergedLines([2, 9], 5)],
      [3, 'error', messages.cart.belowMinimum(4)],
      [5, 'error', messages.validation.packMultiple(10)],
      [6, 'error', messages.cart.aboveStock(3)],
      [7, 'error', messages.cart.unknownSku('NOPE-1')],
      [8, 'error', messages.cart.badQuantity],
      [9, 'added', messages.cart.duplicateMerged('2')],
      [10, 'error', messages.cart.badQuantity],
    ]);
    expect(preview.results[0]).toMatchObject({
      sku: filter,
      quantity: 5,
      partId: filterId,
      name: 'Oil Filter',
      unitPrice: 5,
      lineTotal: 25,
    });
    // A line refused for its quantity still names its part.
    expect(preview.results.at(-1)).toMatchObject({ sku: pads, name: 'Brake Pads', quantity: null });

    const applied = await importText(ann, text);
    expect(applied.cart.lines.map((line) => [line.sku, line.quantity])).toEqual([[filter, 5]]);
    // Quantities add to what the cart holds.
    const again = await importText(ann, `${filter},1`);
    expect(again.cart.lines.map((line) => line.quantity)).toEqual([6]);
  });

  it('takes a CSV file with more columns, by its header, and at most 500 lines', async () => {
    await clear(ann);
    const part = sku('CSV');
    await insertPart(t.database.db, { sku: part, minqty: 1, available: 10_000 });
    const csv = `name,sku,qty\n"Pads, front",${part},4\n`;
    expect((await importText(ann, csv)).cart.lines.map((line) => line.quantity)).toEqual([4]);

    const many = Array.from({ length: 501 }, () => `${part} 1`).join('\n');
    const { results } = await importText(ann, many, true);
    expect(results).toHaveLength(501);
    expect(results.at(-1)).toMatchObject({
      line: 501,
      status: 'error',
      message: messages.cart.tooManyLines(500),
    });
    expect(results[0]).toMatchObject({ status: 'added', quantity: 500 });
  });

  it('never lets a line grow past 1,000,000 units, however often it is imported', async () => {
    await clear(ann);
    const part = sku('BIG');
    await insertPart(t.database.db, { sku: part, minqty: 1, available: 1_000_000_000 });
    expect((await importText(ann, `${part} 999999`)).results[0]).toMatchObject({ status: 'added' });
    const again = await importText(ann, `${part} 2\n${part} 1`);
    expect(again.results.map(({ status, message }) => [status, message])).toEqual([
      [
        'error',
        `${messages.cart.mergedLines([1, 2], 3)}. ${messages.validation.atMost('Quantity', 1_000_000)}`,
      ],
      ['error', messages.cart.duplicateMerged('1')],
    ]);
    expect(again.cart.lines.map((line) => line.quantity)).toEqual([999_999]);
  });

  it('puts the reason of merged lines on the merged line, with the merged total, not on the first line alone', async () => {
    await clear(ann);
    const pads = sku('PAIR');
    await insertPart(t.database.db, { sku: pads, minqty: 2, packSize: 2, available: 1000, name: 'Pad Pair' });
    const { results } = await importText(ann, `${pads} 100\n${pads} 21\n${pads} 1x`, true);
    expect(results).toEqual([
      {
        line: 1,
        sku: pads,
        quantity: 121,
        status: 'error',
        partId: expect.any(String),
        name: 'Pad Pair',
        unitPrice: expect.any(Number),
        lineTotal: expect.any(Number),
        message: `${messages.cart.mergedLines([1, 2], 121)}. ${messages.validation.packMultiple(2)}`,
      },
      expect.objectContaining({
        line: 2,
        quantity: 21,
        status: 'error',
        name: 'Pad Pair',
        message: messages.cart.duplicateMerged('1'),
      }),
      expect.objectContaining({
        line: 3,
        status: 'error',
        name: 'Pad Pair',
        message: messages.cart.badQuantity,
      }),
    ]);
    expect(messages.cart.mergedLines([1, 2], 121)).toBe('Lines 1 and 2 merged: 121 in all');
    expect(messages.cart.mergedLines([1, 4, 7], 1200)).toBe('Lines 1, 4 and 7 merged: 1,200 in all');
  });

  it('refuses a missing or oversized text', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/cart/import',
      headers: ann.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/cart/import',
      headers: ann.headers,
      payload: { text: 'x'.repeat(100_001) },
    });
    expect(huge.statusCode).toBe(400);
  });
});

describe('POST /api/cart/merge', () => {
  it("merges a visitor's cart at sign-in: the larger quantity wins, bad lines are reported", async () => {
    await clear(bob);
    const kept = await insertPart(t.database.db, { minqty: 1, available: 100 });
    const fresh = await insertPart(t.database.db, { minqty: 1, available: 100 });
    const scarce = await insertPart(t.database.db, { minqty: 1, available: 1 });
    await put(bob, kept, 5);
    const merge = (lines: object[]) =>
      t.app.inject({ method: 'POST', url: '/api/cart/merge', headers: bob.headers, payload: { lines } });
    const lines = [
      { partId: kept, quantity: 3 },
      { partId: fresh, quantity: 7 },
      { partId: scarce, quantity: 2 },
      { partId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    ];
    const merged = (await merge(lines)).json<CartChangeResult>();
    expect(merged.results.map((result) => [result.line, result.status, result.message])).toEqual([
      [1, 'added', undefined],
      [2, 'added', undefined],
      [3, 'error', messages.cart.aboveStock(1)],
      [4, 'error', messages.cart.partGone],
    ]);
    expect(merged.cart.lines.map((line) => [line.partId, line.quantity])).toEqual([
      [kept, 5],
      [fresh, 7],
    ]);
    // Merging the same browser cart twice changes nothing more.
    const twice = (await merge(lines)).json<CartChangeResult>();
    expect(twice.cart.lines.map((line) => line.quantity)).toEqual([5, 7]);
  });
});
