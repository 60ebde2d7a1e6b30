/**
 * The dashboard's figures at scale (docs/requirements.md §13, "Dashboard"): orders and their lines are written in
 * bulk with SQL (insert ... select from generate_series), each column a formula of the order's index n, and every
 * figure of `GET /api/admin/dashboard` is checked against the same formulas evaluated in JS over every generated
 * row. 100,000 orders on PostgreSQL (TEST_DATABASE_URL); fewer on PGlite, which is slower at bulk writes.
 */
import {
  DASHBOARD_LOW_STOCK_LIMIT,
  ORDER_STATUS_VALUES,
  toDollars,
  type Dashboard,
} from '@partsforge/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createDashboardRepository } from './dashboard-repository.js';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
/** PGlite writes about 5,000 orders and their lines a second here: 20,000 keeps the file near 20 s with the app. */
const ORDERS = ON_POSTGRES ? 100_000 : 20_000;
/** Bench parts DB-0000..: enough for a long low-stock list and a spread of sellers. */
const PARTS = 300;
/** A line of every 97th order names no part (its part was deleted). */
const DELETED_PART_EVERY = 97;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Payments spread over the 40 days before now (minutes), so that some fall before the 30-day window. */
const SPREAD_MINUTES = 40 * 24 * 60;
/** Order numbers of the generated orders are NUMBER_BASE + n. */
const NUMBER_BASE = 5_000_000;
const STATUS_CYCLE = [
  'pending',
  'shipped',
  'shipped',
  'unpaid',
  'cancelled',
  'expired',
  'pending',
  'shipped',
  'shipped',
  'shipped',
] as const;

// The model: each generated column as a function of n (orders, 1-based) and j (lines, 1-based), mirrored in SQL.
const skuOf = (k: number) => `DB-${String(k).padStart(4, '0')}`;
const availableOf = (k: number) => (k * 7) % 11;
const minqtyOf = (k: number) => 1 + ((k * 3) % 9);
const statusOf = (n: number) => STATUS_CYCLE[n % 10]!;
const lineCountOf = (n: number) => 1 + (n % 3);
const quantityOf = (n: number, j: number) => 1 + ((n + j) % 5);
const unitCentsOf = (n: number, j: number) => 100 + ((n * 31 + j * 17) % 900);
const partIndexOf = (n: number, j: number) => (n * 13 + j * 7) % PARTS;
const hasPart = (n: number, j: number) => !(j === 1 && n % DELETED_PART_EVERY === 0);

/**
 * When order n was paid (ms), or null. Paid orders (pending, shipped) every so many minutes back from `now`;
 * every 1000th exactly at the window's first instant and every 1000th + 500 one microsecond before it (the
 * model keeps the day: the window's first day, or the day before). Every 20th + 4 is a cancelled order with a
 * paid_at, which must count nothing: revenue is paid statuses only.
 */
function paidAtOf(n: number, now: number, firstDay: number): { at: number; day: string } | null {
  const status = statusOf(n);
  const paidStatus = status === 'pending' || status === 'shipped';
  if (!paidStatus && !(n % 20 === 4)) return null;
  if (n % 1000 === 0) return { at: firstDay, day: isoDay(firstDay) };
  if (n % 1000 === 500) return { at: firstDay - 1, day: isoDay(firstDay - DAY_MS) };
  const at = now - ((n * 7919) % SPREAD_MINUTES) * MINUTE_MS - (n % 60) * 1000;
  return { at, day: isoDay(at) };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every figure, computed in JS over the generated rows. */
function expectedDashboard(now: number): Dashboard {
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  const firstDay = today - 29 * DAY_MS;
  const days = new Map<string, { cents: number; orders: number }>();
  for (let day = firstDay; day <= today; day += DAY_MS) days.set(isoDay(day), { cents: 0, orders: 0 });
  const statuses = new Map<string, number>(ORDER_STATUS_VALUES.map((status) => [status, 0]));
  const sold = new Map<number, { units: number; cents: number }>();

  for (let n = 1; n <= ORDERS; n += 1) {
    const status = statusOf(n);
    statuses.set(status, statuses.get(status)! + 1);
    const paid = paidAtOf(n, now, firstDay);
    if (!paid || (status !== 'pending' && status !== 'shipped')) continue;
    let total = 0;
    for (let j = 1; j <= lineCountOf(n); j += 1) {
      const cents = quantityOf(n, j) * unitCentsOf(n, j);
      total += cents;
      if (!hasPart(n, j)) continue;
      const part = sold.get(partIndexOf(n, j)) ?? { units: 0, cents: 0 };
      part.units += quantityOf(n, j);
      part.cents += cents;
      sold.set(partIndexOf(n, j), part);
    }
    const day = days.get(paid.day);
    if (day) {
      day.cents += total;
      day.orders += 1;
    }
  }

  const low = Array.from({ length: PARTS }, (_, k) => k)
    .filter((k) => availableOf(k) < minqtyOf(k))
    .sort((a, b) => availableOf(a) - availableOf(b) || (skuOf(a) < skuOf(b) ? -1 : 1));
  return {
    revenueByDay: [...days].map(([date, { cents, orders }]) => ({ date, revenue: toDollars(cents), orders })),
    ordersByStatus: [...statuses].map(([status, count]) => ({
      status: status as Dashboard['ordersByStatus'][number]['status'],
      count,
    })),
    topParts: [...sold]
      .sort(([a, x], [b, y]) => y.cents - x.cents || (skuOf(a) < skuOf(b) ? -1 : 1))
      .slice(0, 10)
      .map(([k, { units, cents }]) => ({
        partId: expect.any(String) as unknown as string,
        sku: skuOf(k),
        name: `Dashboard part ${k}`,
        units,
        revenue: toDollars(cents),
      })),
    lowStock: low.slice(0, DASHBOARD_LOW_STOCK_LIMIT).map((k) => ({
      id: expect.any(String) as unknown as string,
      sku: skuOf(k),
      name: `Dashboard part ${k}`,
      available: availableOf(k),
      minqty: minqtyOf(k),
    })),
    lowStockTotal: low.length,
    // No generated order is partially shipped: waiting to ship are the pending ones, nothing backordered.
    waitingToShip: statuses.get('pending')! + statuses.get('partially-shipped')!,
    unitsBackordered: 0,
  };
}

let t: TestApp;
let admin: TestUser;
/** Noon (UTC) of the day the test runs: the same "today" as the route's own clock. */
const NOW = new Date(new Date().toISOString().slice(0, 10) + 'T12:00:00.000Z').getTime();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' });
  const { db } = t.database;
  const now = new Date(NOW).toISOString();
  const firstDay = new Date(NOW - (NOW % DAY_MS) - 29 * DAY_MS).toISOString();
  await db.execute(sql`
    insert into parts (sku, name, description, available, minqty, price_cents, img)
    select 'DB-' || lpad(k::text, 4, '0'), 'Dashboard part ' || k, 'A part of the dashboard test.',
           (k * 7) % 11, 1 + (k * 3) % 9, 1250, '/images/parts/test.svg'
    from generate_series(0, ${PARTS - 1}::int) as k`);
  // The line formulas of the model: quantity 1 + (n + j) % 5, unit price 100 + (n * 31 + j * 17) % 900 cents.
  await db.execute(sql`
    insert into orders (number, line_count, quantity, product_name, total_cents, customer_name, email, address,
                        status, created_at, paid_at)
    select ${NUMBER_BASE}::bigint + n, 1 + n % 3,
           (select sum(1 + (n + j) % 5) from generate_series(1, 1 + n % 3) as j),
           'Dashboard order ' || n,
           (select sum((1 + (n + j) % 5) * (100 + (n * 31 + j * 17) % 900)) from generate_series(1, 1 + n % 3) as j),
           'Bulk Buyer', 'bulk@example.com', '1 Depot Road',
           s.status,
           ${now}::timestamptz - interval '50 days',
           case
             when s.status not in ('pending', 'shipped') and n % 20 <> 4 then null
             when n % 1000 = 0 then ${firstDay}::timestamptz
             when n % 1000 = 500 then ${firstDay}::timestamptz - interval '1 microsecond'
             else ${now}::timestamptz - ((n * 7919) % ${SPREAD_MINUTES}) * interval '1 minute'
                  - (n % 60) * interval '1 second'
           end
    from generate_series(1, ${ORDERS}::int) as n
    cross join lateral (
      select (${sql.param([...STATUS_CYCLE])}::text[])[n % 10 + 1] as status
    ) as s`);
  await db.execute(sql`
    insert into order_lines (order_id, line_number, part_id, sku, name, quantity, unit_price_cents,
                             line_total_cents)
    select o.id, j,
           case when j = 1 and g.n % ${DELETED_PART_EVERY} = 0 then null else p.id end,
           p.sku, p.name, 1 + (g.n + j) % 5, 100 + (g.n * 31 + j * 17) % 900,
           (1 + (g.n + j) % 5) * (100 + (g.n * 31 + j * 17) % 900)
    from orders o
    cross join lateral (select (o.number - ${NUMBER_BASE})::int as n) as g
    cross join lateral generate_series(1, o.line_count) as j
    join parts p on p.sku = 'DB-' || lpad(((g.n * 13 + j * 7) % ${PARTS})::text, 4, '0')
    where o.number > ${NUMBER_BASE}`);
  // Fresh statistics, as autovacuum would gather them on a live shop, so that the plans are the real ones.
  if (ON_POSTGRES) await db.execute(sql`analyze orders, order_lines, parts`);
}, 120_000);
afterAll(() => t.close());

describe(`dashboard figures over ${ORDERS.toLocaleString('en-US')} orders`, () => {
  it('match an independent computation over the generated rows', async () => {
    const expected = expectedDashboard(NOW);
    // The model itself is not degenerate: payments fall inside and outside the window, on both boundaries.
    expect(expected.revenueByDay).toHaveLength(30);
    expect(expected.revenueByDay.every((day) => day.orders > 0)).toBe(true);
    expect(expected.lowStockTotal).toBeGreaterThan(DASHBOARD_LOW_STOCK_LIMIT);

    const figures = await createDashboardRepository(t.database.db).readDashboard(new Date(NOW));
    expect(figures).toEqual(expected);
  });

  it('are what GET /api/admin/dashboard answers', async () => {
    const dayBefore = new Date().toISOString().slice(0, 10);
    const response = await t.app.inject({ url: '/api/admin/dashboard', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<Dashboard>();
    const expected = expectedDashboard(NOW);
    // Across midnight (UTC) the route's "today" is the next day: only then are the revenue days compared apart.
    if (new Date().toISOString().slice(0, 10) === dayBefore) expect(body).toEqual(expected);
    else expect({ ...body, revenueByDay: [] }).toEqual({ ...expected, revenueByDay: [] });
  });

  it('break ties at the 10th place by SKU', async () => {
    // Twelve parts with the same revenue, above every other part: the top 10 are the first ten SKUs, whichever
    // order the database meets them in (the lines name them from the last SKU to the first).
    const { db } = t.database;
    await db.execute(sql`
      insert into parts (sku, name, description, available, minqty, price_cents, img)
      select 'TIE-' || lpad(k::text, 2, '0'), 'Tied part ' || k, 'A tied part.', 100, 1, 1250, '/img.svg'
      from generate_series(1, 12) as k`);
    await db.execute(sql`
      insert into orders (number, line_count, quantity, product_name, total_cents, customer_name, email, address,
                          status, paid_at)
      values (${NUMBER_BASE + ORDERS + 1}, 12, 12, 'Tied parts', 120000000, 'Bulk Buyer', 'bulk@example.com',
              '1 Depot Road', 'shipped', now())`);
    await db.execute(sql`
      insert into order_lines (order_id, line_number, part_id, sku, name, quantity, unit_price_cents,
                               line_total_cents)
      select o.id, row_number() over (order by p.sku desc), p.id, p.sku, p.name, 1, 10000000, 10000000
      from orders o, parts p
      where o.number = ${NUMBER_BASE + ORDERS + 1} and p.sku like 'TIE-%'`);
    const top = await createDashboardRepository(db).topParts();
    expect(top.map((part) => part.sku)).toEqual(
      Array.from({ length: 10 }, (_, index) => `TIE-${String(index + 1).padStart(2, '0')}`),
    );
    expect(top.every((part) => part.units === 1 && part.revenue === 100_000)).toBe(true);
  });
});
