/**
 * Checkout and the order's page as a client sees them (docs/requirements.md §11 "Checkout and orders"): one
 * order of every cart line at its quantity break, all lines or none, numbers PF-100001 upwards, the PO number,
 * the status timeline with who moved it, idempotent retries, and reorder. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL. Concurrent checkouts across processes: order-concurrency.test.ts.
 */
import { setStockOf } from '../../test/stock.js';
import { messages, type Cart, type CartChangeResult, type Order } from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, payAtProvider, putInCart, stockOf } from '../../test/orders.js';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUnpaidOrders: 100, writeLimits: false } });
  [ann, bob, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Ada Admin', role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const checkout = (user: TestUser, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/checkout', headers: { ...user.headers, ...headers }, payload });
const cartOf = async (user: TestUser) =>
  (await t.app.inject({ url: '/api/cart', headers: user.headers })).json<Cart>();
const orderOf = async (user: TestUser, id: string) =>
  (await t.app.inject({ url: `/api/order/${id}`, headers: user.headers })).json<Order>();

describe('POST /api/checkout', () => {
  it('places one order of every line at its break price, numbered, and empties the cart', async () => {
    const pads = await insertPart(t.database.db, {
      name: 'Brake Pads',
      minqty: 1,
      priceCents: 1000,
      available: 500,
      priceBreaks: [{ minQuantity: 50, priceCents: 920 }],
    });
    const bolts = await insertPart(t.database.db, {
      name: 'Wheel Bolt',
      minqty: 10,
      packSize: 10,
      priceCents: 35,
    });
    await putInCart(t.app, ann, pads, 50);
    await putInCart(t.app, ann, bolts, 20);

    const response = await checkout(ann, {
      address: '  4 Depot Road  ',
      phone: '555-0101',
      poNumber: 'PO-7731',
      note: 'Deliver to bay 3',
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    expect(order).toMatchObject({
      number: expect.stringMatching(/^PF-1\d{5}$/),
      status: 'unpaid',
      poNumber: 'PO-7731',
      note: 'Deliver to bay 3',
      address: '4 Depot Road',
      phone: '555-0101',
      customerName: 'Ann Buyer',
      // No method named: the cheapest that delivers (docs/requirements.md §16): 70 kg by ground ($89.95).
      subtotal: 467,
      shipping: { method: 'ground', name: 'Ground', cost: 89.95 },
      total: 556.95,
      totalPrice: 556.95,
      quantity: 70,
      productName: 'Brake Pads and 1 more',
      lines: [
        { partId: pads, name: 'Brake Pads', quantity: 50, unitPrice: 9.2, lineTotal: 460 },
        { partId: bolts, name: 'Wheel Bolt', quantity: 20, unitPrice: 0.35, lineTotal: 7 },
      ],
      history: [{ status: 'unpaid', by: 'Ann Buyer' }],
    });
    expect(order.lines[0]!.sku).toMatch(/^T-/);
    expect(await cartOf(ann)).toEqual({ lines: [], subtotal: 0, coreTotal: 0 });
    expect(await stockOf(t.database.db, pads)).toBe(450);
    expect(await stockOf(t.database.db, bolts)).toBe(80);

    // Numbers increase; My Orders and the order's page show the lines.
    await putInCart(t.app, ann, pads, 1);
    const next = (await checkout(ann, { address: '4 Depot Road' })).json<Order>();
    expect(Number(next.number.slice(3))).toBe(Number(order.number.slice(3)) + 1);
    expect(next).toMatchObject({ productName: 'Brake Pads', price: 10, poNumber: null, note: null });
    const mine = (await t.app.inject({ url: '/api/order', headers: ann.headers })).json<Order[]>();
    expect(mine.slice(0, 2).map((o) => [o.number, o.lines.length])).toEqual([
      [next.number, 1],
      [order.number, 2],
    ]);
    expect(await orderOf(admin, order._id)).toMatchObject({ number: order.number, lines: order.lines });
  });

  it('reserves all lines or none, naming each line that cannot be had, and keeps the cart', async () => {
    const plenty = await insertPart(t.database.db, { minqty: 1, available: 100 });
    const scarce = await insertPart(t.database.db, { minqty: 1, available: 5, name: 'Scarce' });
    const packed = await insertPart(t.database.db, { minqty: 1, available: 100, name: 'Packed' });
    await putInCart(t.app, bob, plenty, 10);
    await putInCart(t.app, bob, scarce, 5);
    await putInCart(t.app, bob, packed, 4);
    // Between adding and checking out, stock falls and the pack size changes.
    await setStockOf(t.database.db, scarce, 3);
    await t.database.db.update(parts).set({ packSize: 3 }).where(eq(parts.id, packed));

    const response = await checkout(bob, { address: '9 Mill Lane' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: messages.cart.linesUnavailable,
      code: 'LINES_UNAVAILABLE',
      lines: [
        { partId: scarce, message: messages.cart.aboveStock(3) },
        { partId: packed, message: messages.validation.packMultiple(3) },
      ],
    });
    expect(await stockOf(t.database.db, plenty)).toBe(100);
    expect(await stockOf(t.database.db, scarce)).toBe(3);
    expect((await cartOf(bob)).lines).toHaveLength(3);
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bob.headers });
  });

  it('refuses an order above one card payment before holding any stock', async () => {
    const dear = await insertPart(t.database.db, { minqty: 1, available: 5, priceCents: 60_000_000 });
    await putInCart(t.app, bob, dear, 2);
    const response = await checkout(bob, { address: '9 Mill Lane' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'AMOUNT_TOO_LARGE_FOR_CARD',
      message: messages.payment.amountTooLarge(999_999.99),
    });
    expect(await stockOf(t.database.db, dear)).toBe(5);
    expect((await cartOf(bob)).lines).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bob.headers });
  });

  it('refuses an empty cart and bad fields, changing nothing', async () => {
    const empty = await checkout(bob, { address: '9 Mill Lane' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'CART_EMPTY', message: messages.cart.cartEmpty });
    // The empty cart is what is wrong first, whatever else the request names.
    const emptyToUnknown = await checkout(bob, { addressId: '00000000-0000-4000-8000-000000000000' });
    expect(emptyToUnknown.statusCode).toBe(400);
    expect(emptyToUnknown.json()).toMatchObject({ code: 'CART_EMPTY' });
    const part = await insertPart(t.database.db, { minqty: 1 });
    await putInCart(t.app, bob, part, 1);
    for (const payload of [
      {},
      { address: ' ' },
      { address: 'x', poNumber: 'P'.repeat(36) },
      { address: 'x', note: 7 },
    ]) {
      const response = await checkout(bob, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await cartOf(bob)).lines).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: bob.headers });
  });

  it('answers a retry with the same Idempotency-Key with the first order, placing one', async () => {
    const part = await insertPart(t.database.db, { minqty: 1, available: 10 });
    await putInCart(t.app, bob, part, 2);
    const key = { 'idempotency-key': `checkout-${Date.now()}` };
    const [first, second] = await Promise.all([
      checkout(bob, { address: '9 Mill Lane' }, key),
      checkout(bob, { address: '9 Mill Lane' }, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json<Order>()._id).toBe(second.json<Order>()._id);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']]).toContain('true');
    expect(await stockOf(t.database.db, part)).toBe(8);
    const other = await checkout(bob, { address: 'Elsewhere' }, key);
    expect(other.statusCode).toBe(422);
  });

  it('saves the address and phone to the profile when asked', async () => {
    const part = await insertPart(t.database.db, { minqty: 1 });
    await putInCart(t.app, bob, part, 1);
    const response = await checkout(bob, { address: '12 New Yard', phone: '555-0177', saveToProfile: true });
    expect(response.statusCode).toBe(201);
    const [profile] = (
      await t.app.inject({ url: `/api/profile/${bob.user.email}`, headers: bob.headers })
    ).json<{ address: string; phone: string }[]>();
    expect(profile).toMatchObject({ address: '12 New Yard', phone: '555-0177' });
  });
});

describe('the order timeline', () => {
  it('records placed, paid and shipped with time and who', async () => {
    const part = await insertPart(t.database.db, { minqty: 1 });
    await putInCart(t.app, ann, part, 3);
    const order = (await checkout(ann, { address: '4 Depot Road' })).json<Order>();
    const transactionId = await payAtProvider(t.app, ann, order._id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${order._id}`,
      headers: ann.headers,
      payload: { transactionId },
    });
    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode).toBe(200);
    const seen = await orderOf(ann, order._id);
    expect(seen.history.map(({ status, by }) => [status, by])).toEqual([
      ['unpaid', 'Ann Buyer'],
      // Paid by the provider's confirmation of the card (an event, no signed-in actor).
      ['pending', null],
      ['shipped', 'Ada Admin'],
    ]);
    const times = seen.history.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(seen).toMatchObject({ status: 'shipped', transactionId });
  });

  it('records a cancellation and returns every line to stock', async () => {
    const [a, b] = await Promise.all([
      insertPart(t.database.db, { minqty: 1, available: 10 }),
      insertPart(t.database.db, { minqty: 1, available: 10 }),
    ]);
    await putInCart(t.app, ann, a!, 4);
    await putInCart(t.app, ann, b!, 6);
    const order = (await checkout(ann, { address: '4 Depot Road' })).json<Order>();
    expect([await stockOf(t.database.db, a!), await stockOf(t.database.db, b!)]).toEqual([6, 4]);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${order._id}`,
      headers: ann.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect([await stockOf(t.database.db, a!), await stockOf(t.database.db, b!)]).toEqual([10, 10]);
    expect((await orderOf(ann, order._id)).history.map((event) => event.status)).toEqual([
      'unpaid',
      'cancelled',
    ]);
  });
});

describe('POST /api/order/:id/reorder', () => {
  it("adds the order's lines to the cart and reports what changed", async () => {
    const same = await insertPart(t.database.db, { minqty: 1, priceCents: 500, name: 'Same' });
    const dearer = await insertPart(t.database.db, { minqty: 1, priceCents: 500, name: 'Dearer' });
    const gone = await insertPart(t.database.db, { minqty: 1, name: 'Gone' });
    const short = await insertPart(t.database.db, { minqty: 1, available: 10, name: 'Short' });
    for (const part of [same, dearer, gone]) await putInCart(t.app, ann, part, 2);
    await putInCart(t.app, ann, short, 8);
    const order = (await checkout(ann, { address: '4 Depot Road' })).json<Order>();
    await t.database.db.update(parts).set({ priceCents: 650 }).where(eq(parts.id, dearer));
    await t.app.inject({ method: 'DELETE', url: `/api/parts/${gone}`, headers: admin.headers });

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order._id}/reorder`,
      headers: ann.headers,
    });
    expect(response.statusCode).toBe(200);
    const { cart, results } = response.json<CartChangeResult>();
    expect(results.map(({ line, status, message }) => [line, status, message])).toEqual([
      [1, 'added', undefined],
      [2, 'added', messages.cart.priceChanged(5, 6.5)],
      [3, 'error', messages.cart.partGone],
      [4, 'error', messages.cart.aboveStock(2)],
    ]);
    expect(cart.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Same', 2],
      ['Dearer', 2],
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/order/${order._id}/reorder`, headers: bob.headers }))
        .statusCode,
    ).toBe(403);
  });
});
