/**
 * Stock history (docs/requirements.md §13): every path that changes a part's stock writes a movement naming its
 * reason and the order or user behind it; admins adjust stock with a note (never below 0, never losing a
 * concurrent adjustment) and page a part's history, newest first; the database refuses a change of stock that says
 * no reason (migration 0022). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { StockMovement, StockMovementPage } from '@partsforge/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorCode } from '../../db/errors.js';
import { orders, parts } from '../../db/schema/index.js';
import { STOCK_REASON_MISSING } from '../../db/stock-context.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, placeOrderFor, putInCart, stockOf } from '../../test/orders.js';
import { setStockOf, withTestStockReason } from '../../test/stock.js';

const HOLD_MINUTES = 60;

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await buildTestApp({
    config: { orderHoldMinutes: HOLD_MINUTES, maxUnpaidOrders: 100, writeLimits: false },
  });
  [admin, buyer] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Stock Admin', role: 'admin' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('buyer'), name: 'Bea Buyer' }),
  ]);
});
afterAll(() => t.close());

const adjust = (partId: string, payload: unknown, who: TestUser = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/parts/${partId}/stock-adjustments`,
    headers: who.headers,
    payload: payload as object,
  });

const historyResponse = (partId: string, query = '', who: TestUser = admin) =>
  t.app.inject({ url: `/api/admin/parts/${partId}/stock-movements${query}`, headers: who.headers });

/** The part's history page as the admin reads it; fails unless 200. */
async function history(partId: string, query = ''): Promise<StockMovementPage> {
  const response = await historyResponse(partId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StockMovementPage>();
}

/** The part's newest movement. */
async function latest(partId: string): Promise<StockMovement> {
  const { items } = await history(partId, '?pageSize=1');
  return items[0]!;
}

/** The order's readable number, as GET /api/order/{id} shows it. */
async function orderNumber(orderId: string): Promise<string> {
  const response = await t.app.inject({ url: `/api/order/${orderId}`, headers: buyer.headers });
  return response.json<{ number: string }>().number;
}

describe('movements of every path that changes stock', () => {
  it('placing an order takes its quantity, naming the order and the customer', async () => {
    const partId = await insertPart(t.database.db, { available: 50, minqty: 2 });
    expect((await history(partId)).items).toEqual([]);
    const orderId = await placeOrderFor(t.app, buyer, partId, 6);
    const number = await orderNumber(orderId);
    expect(number).toMatch(/^PF-\d+$/);
    expect(await latest(partId)).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      change: -6,
      levelAfter: 44,
      reason: 'order_placed',
      orderId,
      orderNumber: number,
      userId: buyer.user.id,
      userName: 'Bea Buyer',
      note: null,
    });
  });

  it('checking out a cart writes one movement per part, each naming the order', async () => {
    const first = await insertPart(t.database.db, { available: 30, minqty: 1 });
    const second = await insertPart(t.database.db, { available: 40, minqty: 1 });
    await putInCart(t.app, buyer, first, 3);
    await putInCart(t.app, buyer, second, 5);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: buyer.headers,
      payload: { address: '1 Depot Road' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const orderId = response.json<{ _id: string }>()._id;
    expect(await latest(first)).toMatchObject({
      change: -3,
      levelAfter: 27,
      reason: 'order_placed',
      orderId,
    });
    expect(await latest(second)).toMatchObject({
      change: -5,
      levelAfter: 35,
      reason: 'order_placed',
      orderId,
    });
  });

  it('cancelling an unpaid order gives the quantity back, naming the order and who cancelled', async () => {
    const partId = await insertPart(t.database.db, { available: 20, minqty: 2 });
    const orderId = await placeOrderFor(t.app, buyer, partId, 4);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: buyer.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    const { items, total } = await history(partId);
    expect(total).toBe(2);
    expect(items.map(({ change, levelAfter, reason }) => ({ change, levelAfter, reason }))).toEqual([
      { change: 4, levelAfter: 20, reason: 'order_cancelled' },
      { change: -4, levelAfter: 16, reason: 'order_placed' },
    ]);
    expect(items[0]).toMatchObject({
      orderId,
      orderNumber: await orderNumber(orderId),
      userId: buyer.user.id,
    });
  });

  it('the hold sweep returns each expired order under its own order id, even in one sweep', async () => {
    const shared = await insertPart(t.database.db, { available: 100, minqty: 1 });
    const other = await insertPart(t.database.db, { available: 10, minqty: 1 });
    const first = await placeOrderFor(t.app, buyer, shared, 7);
    const secondResponse = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: buyer.headers,
      payload: { productId: other, quantity: 2, address: 'Depot 2' },
    });
    const second = secondResponse.json<{ insertedId: string }>().insertedId;
    const third = await placeOrderFor(t.app, buyer, shared, 5);
    // Every one of them walked away from the payment.
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${HOLD_MINUTES + 1})` })
      .where(sql`${orders.id} in (${first}, ${second}, ${third})`);

    expect(await t.app.orders.expireStaleOrders()).toBeGreaterThanOrEqual(3);
    expect(await stockOf(t.database.db, shared)).toBe(100);
    const sharedMoves = (await history(shared)).items.filter((move) => move.reason === 'hold_expired');
    expect(
      sharedMoves.map(({ orderId, change }) => ({ orderId, change })).sort((a, b) => a.change - b.change),
    ).toEqual(
      [
        { orderId: third, change: 5 },
        { orderId: first, change: 7 },
      ].sort((a, b) => a.change - b.change),
    );
    // The levels follow one another: 88 -> 93 -> 100 or 88 -> 95 -> 100.
    expect(sharedMoves[0]!.levelAfter).toBe(100);
    expect(sharedMoves.every((move) => move.userId === null)).toBe(true);
    expect(await latest(other)).toMatchObject({
      change: 2,
      levelAfter: 10,
      reason: 'hold_expired',
      orderId: second,
      orderNumber: await orderNumber(second),
    });
  });

  it("an admin's edit of the stock on the product form is an admin adjustment by that admin", async () => {
    const partId = await insertPart(t.database.db, { available: 12, minqty: 1, name: 'Edited Part' });
    const form = {
      name: 'Edited Part',
      description: 'A part.',
      available: 30,
      minqty: 1,
      price: 9.5,
      img: '/images/parts/oil-filter.svg',
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${partId}`,
      headers: admin.headers,
      payload: form,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await latest(partId)).toMatchObject({
      change: 18,
      levelAfter: 30,
      reason: 'admin_adjustment',
      orderId: null,
      orderNumber: null,
      userId: admin.user.id,
      userName: 'Stock Admin',
      note: null,
    });
    // Saving the form without touching the stock writes no movement.
    await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${partId}`,
      headers: admin.headers,
      payload: { ...form, minqty: 2 },
    });
    expect((await history(partId)).total).toBe(1);
  });

  it("adding a part records its initial stock as the admin's adjustment", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: admin.headers,
      payload: {
        name: 'New Part',
        description: 'A part.',
        available: 25,
        minqty: 1,
        price: 4,
        img: '/images/parts/oil-filter.svg',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const partId = created.json<{ insertedId: string }>().insertedId;
    const { items, total } = await history(partId);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      change: 25,
      levelAfter: 25,
      reason: 'admin_adjustment',
      userId: admin.user.id,
      userName: 'Stock Admin',
    });
  });
});

describe('POST /api/admin/parts/{id}/stock-adjustments', () => {
  it('adds or takes units with a note and answers the stock and its movement', async () => {
    const partId = await insertPart(t.database.db, { available: 10 });
    const added = await adjust(partId, { change: 5, note: 'Cycle count' });
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json<{ available: number; movement: StockMovement }>();
    expect(body).toEqual({
      available: 15,
      movement: {
        id: expect.any(Number),
        at: expect.any(String),
        change: 5,
        levelAfter: 15,
        reason: 'admin_adjustment',
        orderId: null,
        orderNumber: null,
        userId: admin.user.id,
        userName: 'Stock Admin',
        note: 'Cycle count',
      },
    });
    expect(Date.now() - Date.parse(body.movement.at)).toBeLessThan(60_000);
    const taken = await adjust(partId, { change: -15, note: '  Damaged in warehouse  ' });
    expect(taken.json()).toMatchObject({
      available: 0,
      movement: { change: -15, levelAfter: 0, note: 'Damaged in warehouse' },
    });
    expect(await stockOf(t.database.db, partId)).toBe(0);
    // The public part shows the new stock at once.
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json()).toMatchObject({ available: 0 });
  });

  it('refuses a change below 0 with 400 and writes nothing', async () => {
    const partId = await insertPart(t.database.db, { available: 3 });
    const refused = await adjust(partId, { change: -4, note: 'Cycle count' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Stock cannot go below 0: 3 in stock, change -4.',
      code: 'STOCK_BELOW_ZERO',
      errors: { change: 'Stock cannot go below 0: 3 in stock, change -4.' },
    });
    expect(await stockOf(t.database.db, partId)).toBe(3);
    expect((await history(partId)).total).toBe(0);
  });

  it.each([
    ['a zero change', { change: 0, note: 'Nothing' }, 'change'],
    ['a fractional change', { change: 1.5, note: 'Half' }, 'change'],
    ['a change given as text', { change: '5', note: 'Text' }, 'change'],
    ['no note', { change: 1 }, 'note'],
    ['a blank note', { change: 1, note: '   ' }, 'note'],
    ['a note over 200 characters', { change: 1, note: 'x'.repeat(201) }, 'note'],
  ])('answers %s with 400 naming the field, changing nothing', async (_name, payload, field) => {
    const partId = await insertPart(t.database.db, { available: 8 });
    const response = await adjust(partId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { [field]: expect.any(String) },
    });
    expect(await stockOf(t.database.db, partId)).toBe(8);
    expect((await history(partId)).total).toBe(0);
  });

  it('answers 404 for an unknown or malformed part id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-part']) {
      const response = await adjust(id, { change: 1, note: 'Cycle count' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Part not found', code: 'NOT_FOUND' });
    }
  });

  it('loses no update of 20 concurrent adjustments: +20, and 20 movements at consecutive levels', async () => {
    const partId = await insertPart(t.database.db, { available: 100 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => adjust(partId, { change: 1, note: `Count ${index + 1}` })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await stockOf(t.database.db, partId)).toBe(120);
    const { items, total } = await history(partId, '?pageSize=100');
    expect(total).toBe(20);
    expect(items.map((move) => move.levelAfter)).toEqual(
      Array.from({ length: 20 }, (_, index) => 120 - index),
    );
    expect(items.every((move) => move.change === 1)).toBe(true);
    // Each answer names its own movement.
    expect(
      new Set(responses.map((response) => response.json<{ movement: StockMovement }>().movement.id)).size,
    ).toBe(20);
  });

  it('lets only as many concurrent takes through as there is stock', async () => {
    const partId = await insertPart(t.database.db, { available: 5 });
    const statuses = (
      await Promise.all(Array.from({ length: 8 }, () => adjust(partId, { change: -1, note: 'Shrinkage' })))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(await stockOf(t.database.db, partId)).toBe(0);
    expect((await history(partId)).total).toBe(5);
  });
});

describe('GET /api/admin/parts/{id}/stock-movements', () => {
  it('pages the history newest first, 20 by default, with the total', async () => {
    const partId = await insertPart(t.database.db, { available: 0 });
    for (let index = 1; index <= 23; index += 1)
      await adjust(partId, { change: index, note: `Delivery ${index}` });
    const first = await historyResponse(partId);
    expect(first.headers['x-total-count']).toBe('23');
    const page1 = first.json<StockMovementPage>();
    expect(page1).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]).toMatchObject({ change: 23, note: 'Delivery 23', levelAfter: (23 * 24) / 2 });
    expect(page1.items.map((move) => move.id)).toEqual(
      [...page1.items.map((move) => move.id)].sort((a, b) => b - a),
    );
    const page2 = await history(partId, '?page=2');
    expect(page2.items.map((move) => move.note)).toEqual(['Delivery 3', 'Delivery 2', 'Delivery 1']);
    const small = await history(partId, '?page=3&pageSize=5');
    expect(small).toMatchObject({ total: 23, page: 3, pageSize: 5 });
    expect(small.items.map((move) => move.change)).toEqual([13, 12, 11, 10, 9]);
    expect((await history(partId, '?page=9')).items).toEqual([]);
  });

  it('answers 400 for a bad page or page size and 404 for an unknown part', async () => {
    const partId = await insertPart(t.database.db);
    for (const query of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=x']) {
      const response = await historyResponse(partId, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const unknown = await historyResponse('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Part not found', code: 'NOT_FOUND' });
  });

  it('keeps the movement of a deleted order, without its number', async () => {
    const partId = await insertPart(t.database.db, { available: 10, minqty: 1 });
    const orderId = await placeOrderFor(t.app, buyer, partId, 1);
    await t.database.db.delete(orders).where(eq(orders.id, orderId));
    expect(await latest(partId)).toMatchObject({
      change: -1,
      reason: 'order_placed',
      orderId: null,
      orderNumber: null,
    });
  });
});

describe('the database refuses a stock change without a reason (migration 0022)', () => {
  /** The error `statement` fails with, or undefined when it succeeds. */
  const failureOf = (statement: Promise<unknown>) =>
    statement.then(
      () => undefined,
      (error: unknown) => error,
    );
  /** Every message in the error's cause chain (Drizzle wraps the driver's error). */
  const messagesOf = (error: unknown): string => {
    const texts: string[] = [];
    for (let current = error; current instanceof Error; current = current.cause) texts.push(current.message);
    return texts.join(' | ');
  };

  it('refuses an update of the stock that sets no reason, changing nothing and writing no movement', async () => {
    // An insert without a reason (seeding) is allowed and writes no movement.
    const partId = await insertPart(t.database.db, { available: 10 });
    expect((await history(partId)).total).toBe(0);
    const error = await failureOf(
      t.database.db.update(parts).set({ available: 11 }).where(eq(parts.id, partId)),
    );
    expect(databaseErrorCode(error)).toBe(STOCK_REASON_MISSING);
    expect(messagesOf(error)).toContain(`stock of part ${partId} changed from 10 to 11 without a reason`);
    expect(await stockOf(t.database.db, partId)).toBe(10);
    expect((await history(partId)).total).toBe(0);
    // The whole statement fails, even for parts whose stock it leaves alone.
    const other = await insertPart(t.database.db, { available: 5 });
    const both = await failureOf(
      t.database.db
        .update(parts)
        .set({ available: sql`case when ${parts.id} = ${partId} then 12 else ${parts.available} end` })
        .where(sql`${parts.id} in (${partId}, ${other})`),
    );
    expect(databaseErrorCode(both)).toBe(STOCK_REASON_MISSING);
    expect(await stockOf(t.database.db, partId)).toBe(10);
  });

  it('lets an update without a reason through when it leaves the stock as it is', async () => {
    const partId = await insertPart(t.database.db, { available: 10, name: 'Renamed Part' });
    await t.database.db
      .update(parts)
      .set({ name: 'Renamed Again', available: 10 })
      .where(eq(parts.id, partId));
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json()).toMatchObject({
      name: 'Renamed Again',
      available: 10,
    });
    expect((await history(partId)).total).toBe(0);
  });

  it('records one movement per part whose stock a statement changed, and none for a part it left alone (migration 0034)', async () => {
    const [first, second, untouched] = await Promise.all([
      insertPart(t.database.db, { available: 10 }),
      insertPart(t.database.db, { available: 20 }),
      insertPart(t.database.db, { available: 30 }),
    ]);
    await withTestStockReason(t.database.db, (tx) =>
      tx
        .update(parts)
        .set({
          available: sql`case ${parts.id} when ${first} then 7 when ${second} then 25 else ${parts.available} end`,
        })
        .where(sql`${parts.id} in (${first}, ${second}, ${untouched})`),
    );
    expect((await history(first)).items).toMatchObject([
      { change: -3, levelAfter: 7, reason: 'admin_adjustment' },
    ]);
    expect((await history(second)).items).toMatchObject([{ change: 5, levelAfter: 25, note: 'test' }]);
    expect((await history(untouched)).total).toBe(0);
  });

  it('records a change that says its reason, through the inventory module', async () => {
    const partId = await insertPart(t.database.db, { available: 10 });
    await setStockOf(t.database.db, partId, 4);
    expect(await latest(partId)).toMatchObject({
      change: -6,
      levelAfter: 4,
      reason: 'admin_adjustment',
      userId: null,
      note: 'test',
    });
  });
});
