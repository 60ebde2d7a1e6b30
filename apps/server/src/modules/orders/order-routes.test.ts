/**
 * The order calls as a client sees them (docs/requirements.md §4-§7; docs/design.md items 1-4): stock reservation and its
 * bounds, ownership, cancellation returning stock, the admin's list and the status machine, and the
 * catalogue showing new stock at once. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { messages } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, placeOrderFor, stockOf, pickupOnly } from '../../test/orders.js';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  // Ann and Bob place many orders here; the cap on unpaid orders has its own test (order-holds.test.ts).
  t = await buildTestApp({ config: { maxUnpaidOrders: 100 } });
  // Orders here carry no shipping: their figures are the lines and tax (order-shipping.test.ts has delivery).
  await pickupOnly(t);
  [ann, bob, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const order = (customer: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/order', headers: customer.headers, payload });

describe('POST /api/order', () => {
  it('reserves stock, takes the price from the database and the customer from the session', async () => {
    const partId = await insertPart(t.database.db, { available: 50, minqty: 5, priceCents: 1099 });
    // The catalogue response is cached: read it first so the order must invalidate it.
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json()).toMatchObject({ available: 50 });

    const response = await order(ann, {
      productId: partId,
      productName: 'Anything the client says',
      quantity: 7,
      totalPrice: 0.01,
      customerName: 'Mallory',
      email: 'mallory@example.com',
      phone: '555-0199',
      address: '  12 Harbour Street  ',
    });
    expect(response.statusCode).toBe(201);
    const { acknowledged, insertedId } = response.json<{ acknowledged: boolean; insertedId: string }>();
    expect(acknowledged).toBe(true);

    expect(await stockOf(t.database.db, partId)).toBe(43);
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json()).toMatchObject({ available: 43 });
    const stored = await t.app.inject({ url: `/api/order/${insertedId}`, headers: ann.headers });
    expect(stored.json()).toMatchObject({
      _id: insertedId,
      productId: partId,
      productName: 'Brake Pad Set',
      quantity: 7,
      price: 10.99,
      totalPrice: 76.93,
      customerName: 'Ann Buyer',
      email: ann.user.email,
      phone: '555-0199',
      address: '12 Harbour Street',
      paid: false,
      status: 'unpaid',
      transactionId: null,
    });
  });

  it('refuses quantities outside minqty..available with the bounds message and leaves stock alone', async () => {
    const partId = await insertPart(t.database.db, { available: 20, minqty: 5 });
    const below = await order(ann, { productId: partId, quantity: 4, address: 'Depot 1' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ message: messages.validation.orderQuantityBounds(5, 20) });
    const above = await order(ann, { productId: partId, quantity: 21, address: 'Depot 1' });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({
      code: 'CONFLICT',
      message: messages.validation.orderQuantityBounds(5, 20),
    });
    expect(await stockOf(t.database.db, partId)).toBe(20);
    expect((await order(ann, { productId: partId, quantity: 20, address: 'Depot 1' })).statusCode).toBe(201);
    expect(await stockOf(t.database.db, partId)).toBe(0);
    const soldOut = await order(bob, { productId: partId, quantity: 5, address: 'Depot 2' });
    expect(soldOut.statusCode).toBe(409);
    expect(await stockOf(t.database.db, partId)).toBe(0);
  });

  it('sells whole packs only, at the unit price of the quantity break reached', async () => {
    const partId = await insertPart(t.database.db, {
      available: 500,
      minqty: 4,
      packSize: 2,
      priceCents: 1000,
      priceBreaks: [
        { minQuantity: 50, priceCents: 920 },
        { minQuantity: 200, priceCents: 850 },
      ],
    });
    const odd = await order(ann, { productId: partId, quantity: 5, address: 'Depot 1' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({
      message: 'Quantity must be a multiple of the pack size (2)',
      code: 'NOT_PACK_MULTIPLE',
    });
    expect(await stockOf(t.database.db, partId)).toBe(500);
    const priced: [number, number, number][] = [
      [48, 10, 480],
      [50, 9.2, 460],
      [200, 8.5, 1700],
    ];
    for (const [quantity, price, totalPrice] of priced) {
      const placed = await order(ann, { productId: partId, quantity, address: 'Depot 1', totalPrice: 1 });
      expect(placed.statusCode).toBe(201);
      const { insertedId } = placed.json<{ insertedId: string }>();
      const stored = await t.app.inject({ url: `/api/order/${insertedId}`, headers: ann.headers });
      expect(stored.json()).toMatchObject({ quantity, price, totalPrice });
      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: `/api/order/${insertedId}`,
        headers: ann.headers,
      });
      expect(cancelled.statusCode).toBe(200);
    }
    expect(await stockOf(t.database.db, partId)).toBe(500);
  });

  it('requires a quantity and a shipping address, and an existing part', async () => {
    const partId = await insertPart(t.database.db);
    const missing = await order(ann, { productId: partId, address: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      quantity: messages.validation.quantityRequired,
      address: messages.validation.addressRequired,
    });
    for (const productId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const unknown = await order(ann, { productId, quantity: 5, address: 'Depot 1' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ message: messages.errors.partNotFound });
    }
  });

  it('takes only JSON integers from 1 to 1,000,000 as the quantity, and changes nothing otherwise', async () => {
    const partId = await insertPart(t.database.db, { available: 100, minqty: 1 });
    for (const quantity of [
      '0x10',
      '16',
      true,
      [5],
      { n: 5 },
      1.5,
      0,
      -1,
      1_000_001,
      2 ** 31,
      2 ** 53 + 2,
      null,
    ]) {
      const response = await order(ann, { productId: partId, quantity, address: 'Depot 1' });
      expect(response.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(
        response.json<{ errors: Record<string, string> }>().errors.quantity,
        JSON.stringify(quantity),
      ).toEqual(expect.any(String));
    }
    expect(await stockOf(t.database.db, partId)).toBe(100);
    const tooMany = await order(ann, { productId: partId, quantity: 1_000_001, address: 'Depot 1' });
    expect(tooMany.json<{ errors: Record<string, string> }>().errors.quantity).toBe(
      'Quantity must be at most 1,000,000',
    );
  });

  it('refuses an order above one card payment before holding any stock, as checkout does', async () => {
    const partId = await insertPart(t.database.db, {
      available: 1_000_000,
      minqty: 1,
      priceCents: 100_000_000,
    });
    // A million units of a $1,000,000 part: $1,000,000,000,000, far above what one card payment can take.
    const response = await order(ann, { productId: partId, quantity: 1_000_000, address: 'Depot 1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Orders above $999,999.99 cannot be paid by card. Please split the order into smaller ones.',
      code: 'AMOUNT_TOO_LARGE_FOR_CARD',
    });
    expect(await stockOf(t.database.db, partId)).toBe(1_000_000);
    const mine = await t.app.inject({ url: '/api/order', headers: ann.headers });
    expect(mine.json<{ productId: string }[]>().some((row) => row.productId === partId)).toBe(false);
  });

  it('totals the largest order one card can pay exactly, in cents', async () => {
    const partId = await insertPart(t.database.db, {
      available: 1_000_000,
      minqty: 1,
      priceCents: 99_999_999,
    });
    const response = await order(admin, { productId: partId, quantity: 1, address: 'Depot 1' });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();
    const placed = await t.app.inject({ url: `/api/order/${insertedId}`, headers: admin.headers });
    expect(placed.json()).toMatchObject({ quantity: 1, price: 999_999.99, totalPrice: 999_999.99 });
  });

  it('bounds the address and phone, naming the field and the limit', async () => {
    const partId = await insertPart(t.database.db);
    const response = await order(ann, {
      productId: partId,
      quantity: 2,
      address: 'a'.repeat(301),
      phone: '5'.repeat(31),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string> }>().errors).toEqual({
      address: 'Address must be at most 300 characters',
      phone: 'Phone must be at most 30 characters',
    });
  });

  it('never oversells when many buyers race for the last units (in one process)', async () => {
    const partId = await insertPart(t.database.db, { available: 10, minqty: 2 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        order(i % 2 ? ann : bob, { productId: partId, quantity: 2, address: 'Depot 1' }),
      ),
    );
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(await stockOf(t.database.db, partId)).toBe(0);
  });
});

describe('GET /api/order?email= (My Orders)', () => {
  it("lists only the caller's own orders, newest first, and refuses another email", async () => {
    const customer = await signUpAndGetToken(t.app, { email: uniqueEmail('carol'), name: 'Carol' });
    const partId = await insertPart(t.database.db);
    const first = await placeOrderFor(t.app, customer, partId, 2);
    const second = await placeOrderFor(t.app, customer, partId, 3);
    await placeOrderFor(t.app, bob, partId, 4);

    const own = await t.app.inject({
      url: `/api/order?email=${encodeURIComponent(customer.user.email)}`,
      headers: customer.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-total-count']).toBe('2');
    expect(own.json().map((row: { _id: string }) => row._id)).toEqual([second, first]);

    const other = await t.app.inject({
      url: `/api/order?email=${encodeURIComponent(bob.user.email)}`,
      headers: customer.headers,
    });
    expect(other.statusCode).toBe(403);
    const adminPeek = await t.app.inject({
      url: `/api/order?email=${encodeURIComponent(customer.user.email)}`,
      headers: admin.headers,
    });
    expect(adminPeek.statusCode).toBe(403);
  });
});

describe('GET /api/order/{id}', () => {
  it('shows an order to its owner and admins only; unknown and malformed ids are 404', async () => {
    const id = await placeOrderFor(t.app, ann, await insertPart(t.database.db), 2);
    expect((await t.app.inject({ url: `/api/order/${id}`, headers: ann.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/order/${id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/order/${id}`, headers: bob.headers })).statusCode).toBe(403);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nope'])
      expect((await t.app.inject({ url: `/api/order/${unknown}`, headers: ann.headers })).statusCode).toBe(
        404,
      );
  });
});

describe('DELETE /api/order/{id} (cancel)', () => {
  it('cancels an unpaid order: stock comes back, the order leaves the list and is kept as cancelled', async () => {
    const partId = await insertPart(t.database.db, { available: 30, minqty: 3 });
    const id = await placeOrderFor(t.app, ann, partId, 10);
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json()).toMatchObject({ available: 20 });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bob.headers })).statusCode,
    ).toBe(403);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: ann.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(t.database.db, partId)).toBe(30);
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json()).toMatchObject({ available: 30 });

    const list = await t.app.inject({ url: '/api/order', headers: ann.headers });
    expect(list.json().map((row: { _id: string }) => row._id)).not.toContain(id);
    expect((await t.app.inject({ url: `/api/order/${id}`, headers: ann.headers })).json()).toMatchObject({
      status: 'cancelled',
    });

    const again = await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: ann.headers });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t.database.db, partId)).toBe(30);
  });
});

describe('admin orders (GET /api/order/{email}, PATCH /api/order/{id}/status)', () => {
  it('lists every order, paged, for admins only', async () => {
    const partId = await insertPart(t.database.db);
    const mine = await placeOrderFor(t.app, bob, partId, 2);
    const url = `/api/order/${encodeURIComponent(admin.user.email)}`;
    const all = await t.app.inject({ url: `${url}?limit=100`, headers: admin.headers });
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(all.json().map((row: { _id: string }) => row._id)).toContain(mine);
    const firstPage = await t.app.inject({ url: `${url}?limit=2`, headers: admin.headers });
    expect(firstPage.json()).toHaveLength(Math.min(2, total));
    expect((await t.app.inject({ url, headers: bob.headers })).statusCode).toBe(403);
  });

  it('only ships paid orders: unpaid -> shipped is 409', async () => {
    const id = await placeOrderFor(t.app, bob, await insertPart(t.database.db), 2);
    const ship = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${id}/status`,
      headers: admin.headers,
      payload: { status: 'shipped' },
    });
    expect(ship.statusCode).toBe(409);
    expect(ship.json()).toMatchObject({ message: messages.orders.illegalTransition('unpaid', 'shipped') });
  });
});
