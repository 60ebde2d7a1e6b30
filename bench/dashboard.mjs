#!/usr/bin/env node
/**
 * `npm run bench:dashboard`: the admin dashboard's latency (docs/requirements.md §13, "Dashboard";
 * `GET /api/admin/dashboard`, read fresh from SQL aggregates on every call: there is no cache to turn off) on
 * PostgreSQL at wholesale scale:
 *   1. a fresh database on BENCH_PG_URL seeded with `npm run seed -- --parts N` (BENCH_PARTS, default 88,000;
 *      dropped afterwards unless BENCH_KEEP_DB=1). BENCH_DATABASE_URL instead benches a database a kept run
 *      prepared, as it is (not seeded, not dropped);
 *   2. BENCH_ORDERS (100,000) orders of 1-3 lines over the seeded parts, written with one SQL statement each for
 *      orders and lines (with `pg`, as bench:orders writes its parts): statuses in fixed shares (60% paid:
 *      pending or shipped; unpaid, cancelled, expired), payments spread over the last 40 days; one part in a
 *      hundred put below its minimum order quantity (the seeded catalogue has none); then VACUUM ANALYZE;
 *   3. the shop (scripts/start.mjs), one customer signed up through the API and made an admin in the database;
 *   4. autocannon on the dashboard at each of BENCH_CONNECTIONS (default 1,8) connections for BENCH_SECONDS (10),
 *      after a 2 s warm-up; every response's latency recorded (exact percentiles).
 * Prints one markdown table (also written to BENCH_OUT when set). Figures, not pass/fail.
 */
import { writeFileSync } from 'node:fs';
import { adminToken } from './lib/customers.mjs';
import { createDatabase, dropDatabase, seedDatabase, withClient } from './lib/database.mjs';
import { runLoad } from './lib/load.mjs';
import { writeBenchOrders } from './lib/orders.mjs';
import { shortCommit, startShopOnPostgres } from './lib/shop.mjs';
import { figuresTable } from './lib/table.mjs';

const env = process.env;
const serverUrl = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const partCount = Number(env.BENCH_PARTS ?? 88_000);
const orderCount = Number(env.BENCH_ORDERS ?? 100_000);
const seconds = Number(env.BENCH_SECONDS ?? 10);
const connectionCounts = (env.BENCH_CONNECTIONS ?? '1,8').split(',').map(Number);
const port = Number(env.BENCH_PORT ?? 3341);
const PATH = '/api/admin/dashboard';

const log = (line) => console.log(line);
const count = (value) => value.toLocaleString('en-US');
/**
 * Writes `orderCount` orders and their lines (lib/orders.mjs), puts one part in a hundred below its minimum, and
 * VACUUM ANALYZEs.
 */
async function writeOrders(databaseUrl) {
  await withClient(databaseUrl, async (client) => {
    const { ordersSeconds, linesSeconds } = await writeBenchOrders(client, orderCount);
    // The seeded catalogue has every part at or above its minimum: one part in a hundred goes below it.
    // A change of stock says why (migration 0022 refuses one without a reason): recorded as an admin adjustment.
    await client.query(`begin;
      select set_config('partsforge.stock_reason', 'admin_adjustment', true),
             set_config('partsforge.stock_note', 'bench: below the minimum', true);
      update parts set available = minqty - 1 where seq % 100 = 0;
      commit`);
    // What autovacuum does on a live shop after a burst of inserts: statistics and the visibility map.
    await client.query('vacuum analyze orders, order_lines, parts');
    log(`  orders written in ${ordersSeconds} s, their lines in ${linesSeconds} s`);
  });
}

/** How many parts, orders, lines and parts below their minimum the database holds. */
async function sizesOf(databaseUrl) {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query(
      `select (select count(*) from parts)::int as parts, (select count(*) from orders)::int as orders,
              (select count(*) from order_lines)::int as lines,
              (select count(*) from parts where available < minqty)::int as low`,
    ),
  );
  return rows[0];
}

const prepared = env.BENCH_DATABASE_URL;
const name = `${env.BENCH_DB_PREFIX ?? 'partsforge_bench_dashboard'}_${process.pid}`;
const databaseUrl = prepared ?? (await createDatabase(serverUrl, name));
const rows = [];
let sizes;
try {
  if (prepared) log(`\ndatabase ${new URL(prepared).pathname.slice(1)} as it is (not seeded, not dropped)`);
  else {
    log(`\n${count(partCount)} parts: seeding database ${name}...`);
    const seeded = await seedDatabase(databaseUrl, partCount);
    log(`  seed ${seeded.seconds.toFixed(1)} s, database size ${seeded.size}`);
    await writeOrders(databaseUrl);
  }
  sizes = await sizesOf(databaseUrl);
  log(
    `  ${count(sizes.parts)} parts (${count(sizes.low)} below their minimum order quantity), ` +
      `${count(sizes.orders)} orders, ${count(sizes.lines)} lines`,
  );
  const shop = await startShopOnPostgres(port, databaseUrl);
  try {
    const headers = { authorization: `Bearer ${await adminToken(shop.url, databaseUrl)}` };
    const first = await fetch(shop.url + PATH, { headers });
    if (!first.ok) throw new Error(`${PATH}: ${first.status} ${await first.text()}`);
    const figures = await first.json();
    const revenue = figures.revenueByDay.reduce((sum, day) => sum + day.revenue, 0);
    log(
      `  ${PATH}: $${count(Math.round(revenue))} over 30 days, ${figures.topParts.length} top parts, ` +
        `${count(figures.lowStockTotal)} parts low on stock (${figures.lowStock.length} listed)`,
    );
    const load = (connections, duration) =>
      runLoad({ url: shop.url, next: () => PATH, seconds: duration, connections, pid: shop.pid, headers });
    await load(1, 2); // warm-up: connections, prepared plans, the first JIT
    for (const connections of connectionCounts) {
      log(`  ${connections} connection(s), ${seconds} s`);
      rows.push({ connections, figures: await load(connections, seconds) });
    }
  } finally {
    await shop.stop();
  }
} finally {
  if (prepared) log('  database left as it was');
  else if (env.BENCH_KEEP_DB === '1') log(`  kept database ${databaseUrl}`);
  else await dropDatabase(serverUrl, name);
}

const commit = shortCommit();
const heading =
  `${new Date().toISOString().slice(0, 10)}, commit ${commit || '?'}, \`npm run bench:dashboard\` on PostgreSQL: ` +
  `GET ${PATH} (uncached), ${count(sizes.orders)} orders, ${count(sizes.parts)} parts, ${seconds} s per run, ` +
  `latencies of every response, RSS the server's peak`;
const table = figuresTable(
  rows.map((row) => ({ ...row, orders: sizes.orders, parts: sizes.parts })),
  [
    ['orders', (row) => count(row.orders)],
    ['parts', (row) => count(row.parts)],
    ['connections', (row) => String(row.connections)],
  ],
);
const report = [heading, '', table].join('\n');
log(`\n${report}`);
if (env.BENCH_OUT) writeFileSync(env.BENCH_OUT, `${report}\n`);
