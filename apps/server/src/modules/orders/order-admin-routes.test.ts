/**
 * Finding orders as the admin does (docs/requirements.md §13 "Finding things"): the order list's search by
 * number, name, email, PO number and SKU, its status and date filters, sorts and paging; orders.csv with the same
 * filters and defused formulas; and Mark Shipped with and without a carrier and tracking number. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
import { messages, orderSchema, type Order } from '@partsforge/shared';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OrderStatus } from '../../db/schema/index.js';
import { orderLines, orders } from '../../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { placePaidOrder } from '../../test/orders.js';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

/** What a test order is made of; money in cents. */
interface TestOrder {
  customerName: string;
  email: string;
  poNumber?: string;
  status: OrderStatus;
  /** When it was placed, as PostgreSQL timestamptz text (microseconds allowed). */
  createdAt: string;
  totalCents: number;
  sku: string;
  carrier?: string;
  trackingNumber?: string;
  paidAt?: Date;
}

/** Inserts an order of one line (its SKU, 2 units) as stored by checkout; returns its id and number. */
async function insertOrder(order: TestOrder): Promise<{ id: string; number: string }> {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      userId: customer.user.id,
      lineCount: 1,
      quantity: 2,
      productName: `Part ${order.sku}`,
      totalCents: order.totalCents,
      poNumber: order.poNumber ?? null,
      customerName: order.customerName,
      email: order.email,
      address: '1 Depot Road',
      status: order.status,
      createdAt: sql`${order.createdAt}::timestamptz`,
      paidAt: order.paidAt ?? null,
      carrier: order.carrier ?? null,
      trackingNumber: order.trackingNumber ?? null,
    })
    .returning({ id: orders.id, number: orders.number });
  await t.database.db.insert(orderLines).values({
    orderId: row!.id,
    lineNumber: 1,
    sku: order.sku,
    name: `Part ${order.sku}`,
    quantity: 2,
    unitPriceCents: order.totalCents / 2,
    lineTotalCents: order.totalCents,
  });
  return { id: row!.id, number: `PF-${row!.number}` };
}

let ann: { id: string; number: string };
let bob: { id: string; number: string };
let cara: { id: string; number: string };
let dan: { id: string; number: string };
let eve: { id: string; number: string };
let fay: { id: string; number: string };

beforeAll(async () => {
  t = await buildTestApp({ config: { maxUnpaidOrders: 100 } });
  [admin, customer] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('buyer'), name: 'Buyer' }),
  ]);
  ann = await insertOrder({
    customerName: 'Ann Archer',
    email: 'ann.archer@example.com',
    poNumber: 'PO-7781',
    status: 'pending',
    createdAt: '2026-01-10T12:00:00Z',
    totalCents: 10_000,
    sku: 'BRK-1001',
    paidAt: new Date('2026-01-10T12:05:00Z'),
  });
  bob = await insertOrder({
    customerName: 'Bob Baker',
    email: 'bob.baker@fleet.example',
    status: 'shipped',
    createdAt: '2026-01-15T23:59:59.999999Z',
    totalCents: 25_000,
    sku: 'FLT-2002',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    paidAt: new Date('2026-01-15T23:59:59Z'),
  });
  // Cara and Fay share a total and the same millisecond: only the microseconds and the id order them.
  cara = await insertOrder({
    customerName: 'Cara Cole',
    email: 'cara@example.com',
    poNumber: 'Fleet-42',
    status: 'unpaid',
    createdAt: '2026-01-16T00:00:00.000900Z',
    totalCents: 5_000,
    sku: 'brk-3003',
  });
  fay = await insertOrder({
    customerName: 'Fay Ford',
    email: 'fay@example.com',
    status: 'unpaid',
    createdAt: '2026-01-16T00:00:00.000500Z',
    totalCents: 5_000,
    sku: 'OIL-5005',
  });
  dan = await insertOrder({
    customerName: 'Dan Drake',
    email: 'dan@example.com',
    status: 'cancelled',
    createdAt: '2026-01-12T08:00:00Z',
    totalCents: 7_500,
    sku: 'BRK-4004',
  });
  eve = await insertOrder({
    customerName: '=HYPERLINK("http://evil.example","Click")',
    email: '@eve@example.com',
    poNumber: '+1-555-0100',
    status: 'expired',
    createdAt: '2026-01-20T09:30:00Z',
    totalCents: 1_000,
    sku: '-SKU-6006',
  });
});
afterAll(() => t.close());

const listUrl = () => `/api/order/${encodeURIComponent(admin.user.email)}`;

/** GET the admin's order list with `query`; returns the status, the order numbers and the total. */
async function list(query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await t.app.inject({
    url: `${listUrl()}${search ? `?${search}` : ''}`,
    headers: admin.headers,
  });
  const body = response.json<Order[] | { message: string; code: string }>();
  return {
    status: response.statusCode,
    body,
    numbers: Array.isArray(body) ? body.map((order) => order.number) : [],
    total: Number(response.headers['x-total-count']),
  };
}

describe('GET /api/order/{email}: the admin order list', () => {
  it('keeps its default: every order but cancelled ones, newest first, orders as before, the total', async () => {
    const { status, body, numbers, total } = await list();
    expect(status).toBe(200);
    expect(numbers).toEqual([eve.number, cara.number, fay.number, bob.number, ann.number]);
    expect(total).toBe(5);
    z.array(orderSchema.strict()).parse(body);
    expect((body as Order[]).find((order) => order.number === bob.number)).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect((body as Order[]).find((order) => order.number === ann.number)).not.toHaveProperty('carrier');
  });

  it('finds an order by its number, with or without PF-', async () => {
    expect((await list({ q: bob.number })).numbers).toEqual([bob.number]);
    expect((await list({ q: bob.number.slice(3) })).numbers).toEqual([bob.number]);
    expect((await list({ q: bob.number.toLowerCase() })).numbers).toEqual([bob.number]);
    expect((await list({ q: 'PF-99999999' })).numbers).toEqual([]);
  });

  it("finds orders by a part of the customer's name or email, any case", async () => {
    expect((await list({ q: 'ann arch' })).numbers).toEqual([ann.number]);
    expect((await list({ q: 'FLEET.EXAMPLE' })).numbers).toEqual([bob.number]);
    expect((await list({ q: '  cara@  ' })).numbers).toEqual([cara.number]);
  });

  it('finds orders by a part of the PO number or a line SKU, any case', async () => {
    expect((await list({ q: 'po-77' })).numbers).toEqual([ann.number]);
    // Bob's email and Cara's PO number both hold "fleet".
    expect((await list({ q: 'fleet' })).numbers).toEqual([cara.number, bob.number]);
    expect((await list({ q: 'OIL-50' })).numbers).toEqual([fay.number]);
    // Dan's BRK order is cancelled: found only with that status.
    const brk = await list({ q: 'brk' });
    expect(brk.numbers).toEqual([cara.number, ann.number]);
    expect(brk.total).toBe(2);
    expect((await list({ q: 'brk', status: 'cancelled' })).numbers).toEqual([dan.number]);
  });

  it('takes LIKE wildcards in the search literally', async () => {
    expect((await list({ q: '%' })).numbers).toEqual([]);
    expect((await list({ q: 'a_n' })).numbers).toEqual([]);
    expect((await list({ q: '   ' })).total).toBe(5);
  });

  it('filters by status and by days placed, both ends included (UTC)', async () => {
    expect((await list({ status: 'shipped' })).numbers).toEqual([bob.number]);
    expect((await list({ status: 'cancelled' })).numbers).toEqual([dan.number]);
    expect((await list({ status: 'expired' })).numbers).toEqual([eve.number]);
    expect((await list({ from: '2026-01-15', to: '2026-01-15' })).numbers).toEqual([bob.number]);
    expect((await list({ from: '2026-01-16' })).numbers).toEqual([eve.number, cara.number, fay.number]);
    expect((await list({ to: '2026-01-12' })).numbers).toEqual([ann.number]);
    const both = await list({ from: '2026-01-11', to: '2026-01-16', status: 'unpaid' });
    expect(both.numbers).toEqual([cara.number, fay.number]);
    expect(both.total).toBe(2);
  });

  it('sorts by total and by date, both directions; equal values keep one order', async () => {
    const byTotalDesc = await list({ sort: 'total', dir: 'desc' });
    expect(byTotalDesc.numbers.slice(0, 2)).toEqual([bob.number, ann.number]);
    expect(byTotalDesc.numbers.at(-1)).toBe(eve.number);
    const byTotalAsc = await list({ sort: 'total', dir: 'asc' });
    expect(byTotalAsc.numbers).toEqual([...byTotalDesc.numbers].reverse());
    expect((await list({ sort: 'date', dir: 'asc' })).numbers).toEqual([
      ann.number,
      bob.number,
      fay.number,
      cara.number,
      eve.number,
    ]);
  });

  it('pages the filtered, sorted list and counts all of it', async () => {
    const all = (await list({ sort: 'total', dir: 'desc' })).numbers;
    const second = await list({ sort: 'total', dir: 'desc', limit: '2', offset: '2' });
    expect(second.numbers).toEqual(all.slice(2, 4));
    expect(second.total).toBe(5);
    const past = await list({ q: 'brk', limit: '2', offset: '10' });
    expect(past.numbers).toEqual([]);
    expect(past.total).toBe(2);
  });

  it('answers bad parameters with 400 { message, code } and names the field', async () => {
    for (const query of [
      { status: 'lost' } as Record<string, string>,
      { from: '2026-13-01' },
      { to: 'yesterday' },
      { from: '0000-01-01' },
      { to: '9999-12-31' },
      { from: '2026-01-20', to: '2026-01-10' },
      { sort: 'price' },
      { dir: 'up' },
      { limit: '0' },
      { q: 'x'.repeat(201) },
    ]) {
      const response = await list(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body).toMatchObject({ message: expect.any(String), code: 'VALIDATION_FAILED' });
    }
  });

  it('is for admins only', async () => {
    const response = await t.app.inject({ url: `${listUrl()}?q=brk`, headers: customer.headers });
    expect(response.statusCode).toBe(403);
  });
});

/** GET /api/admin/orders.csv with `query` as the admin: the response and its parsed rows. */
async function csv(query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await t.app.inject({
    url: `/api/admin/orders.csv${search ? `?${search}` : ''}`,
    headers: admin.headers,
  });
  const rows = Papa.parse<string[]>(response.body, { skipEmptyLines: true }).data;
  return { response, header: rows[0], rows: rows.slice(1) };
}

describe('GET /api/admin/orders.csv', () => {
  it('downloads the whole default list as orders.csv, one row per order with its columns', async () => {
    const { response, header, rows } = await csv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(header).toEqual([...messages.orders.csvHeader]);
    expect(rows.map((row) => row[0])).toEqual([eve.number, cara.number, fay.number, bob.number, ann.number]);
    expect(rows.find((row) => row[0] === bob.number)).toEqual([
      bob.number,
      '2026-01-15T23:59:59.999Z',
      'shipped',
      'Bob Baker',
      'bob.baker@fleet.example',
      '',
      '1',
      '2',
      '250.00',
      '2026-01-15T23:59:59.000Z',
      'UPS',
      '1Z999AA10123456784',
    ]);
    expect(rows.find((row) => row[0] === ann.number)?.slice(5, 9)).toEqual(['PO-7781', '1', '2', '100.00']);
  });

  it('exports only what the filters match, in their order', async () => {
    expect((await csv({ q: 'brk' })).rows.map((row) => row[0])).toEqual([cara.number, ann.number]);
    expect((await csv({ status: 'cancelled' })).rows.map((row) => row[0])).toEqual([dan.number]);
    expect((await csv({ from: '2026-01-15', to: '2026-01-15' })).rows.map((row) => row[0])).toEqual([
      bob.number,
    ]);
    const byTotal = (await csv({ sort: 'total', dir: 'asc' })).rows.map((row) => row[0]);
    expect(byTotal).toEqual((await list({ sort: 'total', dir: 'asc' })).numbers);
    const none = await csv({ q: 'no such order' });
    expect(none.response.statusCode).toBe(200);
    expect(none.header).toEqual([...messages.orders.csvHeader]);
    expect(none.rows).toEqual([]);
  });

  it("defuses cells a spreadsheet would run as formulas with a leading '", async () => {
    const [row] = (await csv({ status: 'expired' })).rows;
    expect(row?.slice(3, 6)).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      "'@eve@example.com",
      "'+1-555-0100",
    ]);
    expect((await csv({ q: '-SKU-6006' })).rows.map((r) => r[0])).toEqual([eve.number]);
  });

  it('reads the list in chunks that neither skip nor repeat an order, whatever the order', async () => {
    for (const [sort, dir] of [
      ['date', 'desc'],
      ['date', 'asc'],
      ['total', 'desc'],
      ['total', 'asc'],
    ] as const) {
      const chunked: string[] = [];
      for await (const chunk of t.app.orders.exportOrders({ sort, dir }, 1))
        chunked.push(...chunk.map((row) => `PF-${row.number}`));
      expect(chunked, `${sort} ${dir}`).toEqual((await list({ sort, dir })).numbers);
    }
  });

  it('answers bad filters with 400 and others than admins with 401/403', async () => {
    const bad = await csv({ status: 'lost' });
    expect(bad.response.statusCode).toBe(400);
    expect(bad.response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const asCustomer = await t.app.inject({ url: '/api/admin/orders.csv', headers: customer.headers });
    expect(asCustomer.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/orders.csv' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/order/{id}/status: Mark Shipped', () => {
  const ship = (id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/order/${id}/status`, headers: admin.headers, payload });

  it('ships without a carrier or tracking number, as before', async () => {
    const id = await placePaidOrder(t, customer);
    const response = await ship(id, { status: 'shipped' });
    expect(response.statusCode).toBe(200);
    const shipped = response.json<Order>();
    expect(shipped.status).toBe('shipped');
    expect(shipped).not.toHaveProperty('carrier');
    expect(shipped).not.toHaveProperty('trackingNumber');
    expect(shipped.history.at(-1)).toMatchObject({ status: 'shipped', by: 'Admin' });
  });

  it('keeps the carrier and tracking number, shown to the customer and in the admin list', async () => {
    const id = await placePaidOrder(t, customer);
    const response = await ship(id, {
      status: 'shipped',
      carrier: ' FedEx ',
      trackingNumber: '7946 1234 5678',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ carrier: 'FedEx', trackingNumber: '7946 1234 5678' });
    const asCustomer = await t.app.inject({ url: `/api/order/${id}`, headers: customer.headers });
    expect(asCustomer.json()).toMatchObject({
      status: 'shipped',
      carrier: 'FedEx',
      trackingNumber: '7946 1234 5678',
    });
    const shipped = await list({ status: 'shipped' });
    expect((shipped.body as Order[]).find((order) => order._id === id)).toMatchObject({
      carrier: 'FedEx',
      trackingNumber: '7946 1234 5678',
    });
  });

  it('takes blank values as none', async () => {
    const id = await placePaidOrder(t, customer);
    const response = await ship(id, { status: 'shipped', carrier: '  ', trackingNumber: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('carrier');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ carrier: null, trackingNumber: null });
  });

  it('refuses values over 60 characters or with HTML, and ships nothing', async () => {
    const id = await placePaidOrder(t, customer);
    const response = await ship(id, {
      status: 'shipped',
      carrier: 'C'.repeat(61),
      trackingNumber: '<b>1Z</b>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        carrier: 'Carrier must be at most 60 characters',
        trackingNumber: 'Tracking number must be plain text without HTML tags',
      },
    });
    const still = await t.app.inject({ url: `/api/order/${id}`, headers: admin.headers });
    expect(still.json()).toMatchObject({ status: 'pending' });
  });

  it('ships only a paid order once: again is 409', async () => {
    const id = await placePaidOrder(t, customer);
    expect((await ship(id, { status: 'shipped', carrier: 'UPS' })).statusCode).toBe(200);
    const again = await ship(id, { status: 'shipped', carrier: 'DHL' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.orders.illegalTransition('shipped', 'shipped') });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.carrier).toBe('UPS');
  });
});
