/**
 * Stock holds and what protects them (docs/decisions/012-order-holds-refunds-and-idempotency.md): at most
 * MAX_UNPAID_ORDERS unpaid orders per customer, unpaid orders expiring after ORDER_HOLD_MINUTES with their
 * stock back, payments that arrive too late refunded and recorded, and Idempotency-Key retries placing one
 * order. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { setStockOf } from '../../test/stock.js';
import { messages } from '@partsforge/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sandboxPaymentIntents } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, placeOrderFor, startPaymentAtProvider, stockOf, pickupOnly } from '../../test/orders.js';

const HOLD_MINUTES = 60;
const MAX_UNPAID = 5;

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ config: { orderHoldMinutes: HOLD_MINUTES, maxUnpaidOrders: MAX_UNPAID } });
  // Orders here carry no shipping: their figures are the lines and tax (order-shipping.test.ts has delivery).
  await pickupOnly(t);
  admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' });
});
afterAll(() => t.close());

const customer = (name: string) => signUpAndGetToken(t.app, { email: uniqueEmail(name), name });
const order = (who: TestUser, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/order', headers: { ...who.headers, ...headers }, payload });
const getOrder = (who: TestUser, id: string) =>
  t.app.inject({ url: `/api/order/${id}`, headers: who.headers });

const startPayment = (who: TestUser, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: who.headers,
    payload: { orderId },
  });
const tellPaid = (who: TestUser, id: string, transactionId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${id}`,
    headers: who.headers,
    payload: { transactionId },
  });

/** Moves the order's placing time back past the hold, as if the customer had walked away. */
async function ageOrder(id: string, minutes = HOLD_MINUTES + 1): Promise<void> {
  await t.database.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, id));
}

describe('the cap on unpaid orders', () => {
  it(`refuses a customer's order number ${MAX_UNPAID + 1} with 409 and a reason, until one is paid or cancelled`, async () => {
    const buyer = await customer('capped');
    const partId = await insertPart(t.database.db, { available: 100, minqty: 1 });
    const placed = [];
    for (let i = 0; i < MAX_UNPAID; i += 1) placed.push(await placeOrderFor(t.app, buyer, partId, 1));
    const refused = await order(buyer, { productId: partId, quantity: 1, address: 'Depot 1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: messages.orders.tooManyUnpaid(MAX_UNPAID),
      code: 'TOO_MANY_UNPAID_ORDERS',
    });
    expect(await stockOf(t.database.db, partId)).toBe(100 - MAX_UNPAID);

    // Another customer is not affected; cancelling one makes room.
    const other = await customer('uncapped');
    expect((await order(other, { productId: partId, quantity: 1, address: 'Depot 2' })).statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `/api/order/${placed[0]}`, headers: buyer.headers });
    expect((await order(buyer, { productId: partId, quantity: 1, address: 'Depot 1' })).statusCode).toBe(201);
  });

  it(`lets exactly ${MAX_UNPAID} of ${MAX_UNPAID * 3} concurrent orders of one customer through`, async () => {
    const buyer = await customer('racing');
    const partId = await insertPart(t.database.db, { available: 100, minqty: 1 });
    const statuses = (
      await Promise.all(
        Array.from({ length: MAX_UNPAID * 3 }, () =>
          order(buyer, { productId: partId, quantity: 1, address: 'Depot 1' }),
        ),
      )
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_UNPAID);
    expect(statuses.filter((status) => status === 409)).toHaveLength(MAX_UNPAID * 2);
    expect(await stockOf(t.database.db, partId)).toBe(100 - MAX_UNPAID);
  });
});

describe('stock holds', () => {
  it('expire after the hold: the order shows Expired, its stock is back, and it can no longer be paid', async () => {
    const buyer = await customer('late');
    const partId = await insertPart(t.database.db, { available: 20, minqty: 2 });
    const id = await placeOrderFor(t.app, buyer, partId, 8);
    const fresh = await placeOrderFor(t.app, buyer, partId, 2);
    expect(await stockOf(t.database.db, partId)).toBe(10);
    await ageOrder(id);

    expect(await t.app.orders.expireStaleOrders()).toBe(1);
    expect(await stockOf(t.database.db, partId)).toBe(18);
    expect((await getOrder(buyer, id)).json()).toMatchObject({ status: 'expired', paid: false });
    expect((await getOrder(buyer, fresh)).json()).toMatchObject({ status: 'unpaid' });
    expect((await t.app.inject({ url: `/api/parts/${partId}` })).json()).toMatchObject({ available: 18 });
    // The customer and the admin both see it as expired.
    const mine = await t.app.inject({ url: '/api/order', headers: buyer.headers });
    expect(mine.json<{ _id: string; status: string }[]>().find((row) => row._id === id)?.status).toBe(
      'expired',
    );
    const all = await t.app.inject({
      url: `/api/order/${admin.user.email}?limit=100`,
      headers: admin.headers,
    });
    expect(all.json<{ _id: string; status: string }[]>().find((row) => row._id === id)?.status).toBe(
      'expired',
    );

    const pay = await startPayment(buyer, id);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ message: messages.payment.notPayable, code: 'ORDER_NOT_PAYABLE' });
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: buyer.headers });
    expect(cancel.statusCode).toBe(409);
    // A second sweep finds nothing more.
    expect(await t.app.orders.expireStaleOrders()).toBe(0);
    expect(await stockOf(t.database.db, partId)).toBe(18);
  });

  it('expire at the moment of paying, even before the sweep comes round', async () => {
    const buyer = await customer('unswept');
    const partId = await insertPart(t.database.db, { available: 10, minqty: 1 });
    const id = await placeOrderFor(t.app, buyer, partId, 4);
    await ageOrder(id);
    const pay = await startPayment(buyer, id);
    expect(pay.statusCode).toBe(409);
    expect(await stockOf(t.database.db, partId)).toBe(10);
    expect((await getOrder(buyer, id)).json()).toMatchObject({ status: 'expired' });
  });

  it('no longer count against the cap once expired', async () => {
    const buyer = await customer('expired-cap');
    const partId = await insertPart(t.database.db, { available: 100, minqty: 1 });
    for (let i = 0; i < MAX_UNPAID; i += 1) await ageOrder(await placeOrderFor(t.app, buyer, partId, 1));
    expect((await order(buyer, { productId: partId, quantity: 1, address: 'Depot 1' })).statusCode).toBe(201);
  });
});

describe('a payment that arrives for an order no longer payable', () => {
  it('is refunded by the server as soon as the provider confirms it, recorded on the order and its timeline', async () => {
    const buyer = await customer('refund');
    const partId = await insertPart(t.database.db, { available: 10, minqty: 2, priceCents: 1250 });
    const id = await placeOrderFor(t.app, buyer, partId, 4);
    // The payment page opened, then the customer cancelled in another tab, then the card went through.
    const payment = await startPaymentAtProvider(t.app, buyer, id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: buyer.headers })).statusCode,
    ).toBe(200);
    const transactionId = await payment.confirm();

    // Refunded without the client telling the shop anything.
    const [intentRow] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, transactionId));
    expect(intentRow?.refundedCents).toBe(5000);
    const seen = (await getOrder(admin, id)).json<{
      status: string;
      paid: boolean;
      refundedAmount: number;
      refundedAt: string;
      history: { status: string; by: string | null; refunded?: number }[];
    }>();
    expect(seen).toMatchObject({ status: 'cancelled', paid: false, refundedAmount: 50 });
    expect(Date.parse(seen.refundedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(seen.history.map(({ status, refunded }) => [status, refunded])).toEqual([
      ['unpaid', undefined],
      ['cancelled', undefined],
      ['cancelled', 50],
    ]);

    // The client telling the shop afterwards hears why, and nothing more is refunded.
    const late = await tellPaid(buyer, id, transactionId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: messages.payment.refunded(50), code: 'ORDER_NOT_PAYABLE' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({
      refundId: transactionId.replace('sandbox_pi_', 'sandbox_re_'),
      refundedCents: 5000,
    });
  });

  it('is refunded when the hold ran out while the customer was paying', async () => {
    const buyer = await customer('slow-payer');
    const partId = await insertPart(t.database.db, { available: 10, minqty: 1, priceCents: 999 });
    const id = await placeOrderFor(t.app, buyer, partId, 1);
    const payment = await startPaymentAtProvider(t.app, buyer, id);
    await ageOrder(id);
    const intentId = await payment.confirm();
    expect((await getOrder(buyer, id)).json()).toMatchObject({ status: 'expired', refundedAmount: 9.99 });
    expect(await stockOf(t.database.db, partId)).toBe(10);
    const late = await tellPaid(buyer, id, intentId);
    expect(late.json<{ code: string }>().code).toBe('ORDER_NOT_PAYABLE');
  });
});

describe('paying by card', () => {
  it('refuses an order above one card payment ($999,999.99) with 409 and what to do, holding nothing', async () => {
    const buyer = await customer('big-spender');
    const partId = await insertPart(t.database.db, { available: 2_000_000, minqty: 1, priceCents: 100 });
    const refused = await order(buyer, { productId: partId, quantity: 1_000_000, address: 'Depot 1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Orders above $999,999.99 cannot be paid by card. Please split the order into smaller ones.',
      code: 'AMOUNT_TOO_LARGE_FOR_CARD',
    });
    expect(await stockOf(t.database.db, partId)).toBe(2_000_000);
    const largest = await placeOrderFor(t.app, buyer, partId, 999_999);
    expect((await startPayment(buyer, largest)).statusCode).toBe(200);
  });
});

describe('Idempotency-Key on POST /api/order', () => {
  it('returns the first order for a retry with the same key and body, holding stock once', async () => {
    const buyer = await customer('retry');
    const partId = await insertPart(t.database.db, { available: 50, minqty: 1 });
    const body = { productId: partId, quantity: 3, address: 'Depot 1' };
    const first = await order(buyer, body, { 'idempotency-key': 'checkout-1' });
    const retry = await order(buyer, body, { 'idempotency-key': 'checkout-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(t.database.db, partId)).toBe(47);
    // Another key, or another customer with the same key, is another order.
    expect((await order(buyer, body, { 'idempotency-key': 'checkout-2' })).json()).not.toEqual(first.json());
    const other = await customer('same-key');
    expect((await order(other, body, { 'idempotency-key': 'checkout-1' })).json()).not.toEqual(first.json());
    expect(await stockOf(t.database.db, partId)).toBe(41);
  });

  it('answers the same key with a different body with 422 and places nothing', async () => {
    const buyer = await customer('reused');
    const partId = await insertPart(t.database.db, { available: 50, minqty: 1 });
    await order(buyer, { productId: partId, quantity: 3, address: 'Depot 1' }, { 'idempotency-key': 'k-1' });
    const reused = await order(
      buyer,
      { productId: partId, quantity: 4, address: 'Depot 1' },
      { 'idempotency-key': 'k-1' },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: messages.orders.idempotencyKeyReused,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await stockOf(t.database.db, partId)).toBe(47);
  });

  it('places one order when retries with the same key arrive at once', async () => {
    const buyer = await customer('burst');
    const partId = await insertPart(t.database.db, { available: 50, minqty: 1 });
    const body = { productId: partId, quantity: 2, address: 'Depot 1' };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => order(buyer, body, { 'idempotency-key': 'double-click' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(
      new Set(responses.map((response) => response.json<{ insertedId: string }>().insertedId)).size,
    ).toBe(1);
    expect(await stockOf(t.database.db, partId)).toBe(48);
  });

  it('lets a request that failed be retried with its key', async () => {
    const buyer = await customer('failed');
    const partId = await insertPart(t.database.db, { available: 5, minqty: 1 });
    const tooMany = await order(
      buyer,
      { productId: partId, quantity: 9, address: 'Depot 1' },
      { 'idempotency-key': 'k-9' },
    );
    expect(tooMany.statusCode).toBe(409);
    await setStockOf(t.database.db, partId, 20);
    const retried = await order(
      buyer,
      { productId: partId, quantity: 9, address: 'Depot 1' },
      { 'idempotency-key': 'k-9' },
    );
    expect(retried.statusCode).toBe(201);
  });

  it('refuses a key that is too long or not printable', async () => {
    const buyer = await customer('bad-key');
    const partId = await insertPart(t.database.db);
    for (const key of ['k'.repeat(256), 'has space'])
      expect(
        (
          await order(
            buyer,
            { productId: partId, quantity: 2, address: 'Depot 1' },
            { 'idempotency-key': key },
          )
        ).statusCode,
      ).toBe(400);
  });
});
