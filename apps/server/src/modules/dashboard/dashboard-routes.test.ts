/**
 * `GET /api/admin/dashboard` as an admin sees it (docs/requirements.md §13, "Dashboard"), with orders placed, paid,
 * shipped and cancelled through the real order and payment calls: exact figures, zero-filled days and statuses,
 * and a payment refunded for a cancelled order counting as no revenue. Who may call it: the access-control
 * matrix. The figures at 100,000 orders: dashboard-repository.test.ts. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import type { Dashboard } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import {
  insertPart,
  payAtProvider,
  pickupOnly,
  startPaymentAtProvider,
  placeOrderFor,
} from '../../test/orders.js';

let t: TestApp;
let ann: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  // Orders here carry no shipping: revenue is the lines (order-shipping.test.ts has delivery).
  await pickupOnly(t);
  [ann, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
  ]);
});
afterAll(() => t.close());

async function dashboard(): Promise<Dashboard> {
  const response = await t.app.inject({ url: '/api/admin/dashboard', headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return response.json<Dashboard>();
}

/** Pays `orderId` as Ann does on the payment page; returns the PATCH's status. */
async function pay(orderId: string): Promise<number> {
  const transactionId = await payAtProvider(t.app, ann, orderId);
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: ann.headers,
    payload: { transactionId },
  });
  return response.statusCode;
}

async function cancel(orderId: string): Promise<void> {
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/order/${orderId}`,
    headers: ann.headers,
  });
  expect(response.json()).toEqual({ deletedCount: 1 });
}

/** The UTC days from 29 days ago to today, 'YYYY-MM-DD', oldest first. */
function last30Days(): string[] {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  return Array.from({ length: 30 }, (_, index) =>
    new Date(today - (29 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

describe('GET /api/admin/dashboard', () => {
  it('answers zero-filled figures for a shop without orders', async () => {
    const figures = await dashboard();
    expect(figures.revenueByDay).toEqual(last30Days().map((date) => ({ date, revenue: 0, orders: 0 })));
    expect(figures.ordersByStatus).toEqual([
      { status: 'unpaid', count: 0 },
      { status: 'pending', count: 0 },
      { status: 'shipped', count: 0 },
      { status: 'cancelled', count: 0 },
      { status: 'expired', count: 0 },
      { status: 'awaiting-approval', count: 0 },
      { status: 'rejected', count: 0 },
      { status: 'partially-shipped', count: 0 },
    ]);
    expect(figures).toMatchObject({
      topParts: [],
      lowStock: [],
      lowStockTotal: 0,
      waitingToShip: 0,
      unitsBackordered: 0,
    });
  });

  it('counts paid and shipped orders as revenue of the day they were paid, and nothing else', async () => {
    const db = t.database.db;
    const pads = await insertPart(db, {
      sku: 'DASH-PADS',
      name: 'Brake Pad Set',
      priceCents: 1250,
      minqty: 2,
    });
    const bulbs = await insertPart(db, {
      sku: 'DASH-BULB',
      name: 'Headlight Bulb',
      priceCents: 300,
      minqty: 1,
    });
    const filters = await insertPart(db, {
      sku: 'DASH-FILT',
      name: 'Oil Filter',
      available: 6,
      minqty: 3,
      priceCents: 500,
    });
    const empty = await insertPart(db, { sku: 'DASH-ZERO', name: 'Wiper Blade', available: 0, minqty: 1 });
    const short = await insertPart(db, { sku: 'DASH-LOW', name: 'Spark Plug', available: 1, minqty: 5 });

    // Paid, waiting to ship: 4 x $12.50.
    const paid = await placeOrderFor(t.app, ann, pads, 4);
    expect(await pay(paid)).toBe(200);
    // Paid and shipped: 10 x $3.00.
    const shipped = await placeOrderFor(t.app, ann, bulbs, 10);
    expect(await pay(shipped)).toBe(200);
    const ship = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${shipped}/status`,
      headers: admin.headers,
      payload: { status: 'shipped' },
    });
    expect(ship.statusCode).toBe(200);
    // Cancelled before paying.
    await cancel(await placeOrderFor(t.app, ann, pads, 2));
    // Unpaid: takes 4 of the 6 oil filters, leaving fewer than their minimum of 3.
    await placeOrderFor(t.app, ann, filters, 4);
    // Paid at the provider after it was cancelled: the payment is refunded, the order stays cancelled.
    const refunded = await placeOrderFor(t.app, ann, bulbs, 2);
    const payment = await startPaymentAtProvider(t.app, ann, refunded);
    await cancel(refunded);
    const transactionId = await payment.confirm();
    const late = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${refunded}`,
      headers: ann.headers,
      payload: { transactionId },
    });
    expect(late.statusCode).toBe(409);

    const figures = await dashboard();
    const days = last30Days();
    expect(figures.revenueByDay).toEqual(
      days.map((date, index) =>
        index === days.length - 1 ? { date, revenue: 80, orders: 2 } : { date, revenue: 0, orders: 0 },
      ),
    );
    expect(figures.ordersByStatus).toEqual([
      { status: 'unpaid', count: 1 },
      { status: 'pending', count: 1 },
      { status: 'shipped', count: 1 },
      { status: 'cancelled', count: 2 },
      { status: 'expired', count: 0 },
      { status: 'awaiting-approval', count: 0 },
      { status: 'rejected', count: 0 },
      { status: 'partially-shipped', count: 0 },
    ]);
    // The paid order of 4 waits to ship (docs/requirements.md §16); nothing is partially shipped yet.
    expect(figures).toMatchObject({ waitingToShip: 1, unitsBackordered: 0 });
    expect(figures.topParts).toEqual([
      { partId: pads, sku: 'DASH-PADS', name: 'Brake Pad Set', units: 4, revenue: 50 },
      { partId: bulbs, sku: 'DASH-BULB', name: 'Headlight Bulb', units: 10, revenue: 30 },
    ]);
    expect(figures.lowStock).toEqual([
      { id: empty, sku: 'DASH-ZERO', name: 'Wiper Blade', available: 0, minqty: 1 },
      { id: short, sku: 'DASH-LOW', name: 'Spark Plug', available: 1, minqty: 5 },
      { id: filters, sku: 'DASH-FILT', name: 'Oil Filter', available: 2, minqty: 3 },
    ]);
    expect(figures.lowStockTotal).toBe(3);

    // One unit of the four shipped: the order still waits, with 3 units backordered.
    const [line] = (await t.app.inject({ url: `/api/order/${paid}`, headers: admin.headers })).json<{
      lines: { _id: string }[];
    }>().lines;
    const partial = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid}/shipments`,
      headers: admin.headers,
      payload: { lines: [{ lineId: line!._id, quantity: 1 }], carrier: 'UPS' },
    });
    expect(partial.statusCode).toBe(201);
    const after = await dashboard();
    expect(after).toMatchObject({ waitingToShip: 1, unitsBackordered: 3 });
    expect(after.ordersByStatus.find((entry) => entry.status === 'partially-shipped')?.count).toBe(1);
    // Still paid: its revenue stays.
    expect(after.revenueByDay.at(-1)).toMatchObject({ revenue: 80, orders: 2 });
  });
});
