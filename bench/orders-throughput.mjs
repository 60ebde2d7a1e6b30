#!/usr/bin/env node
/**
 * Benchmark of ordering (docs/decisions/008-orders-stock-and-payments.md): orders placed per second (`POST /api/order`, each a stock reservation and an insert in
 * one transaction) on PostgreSQL. Creates a fresh database on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/test; dropped afterwards), starts the shop on it as `npm start` does,
 * adds 2,000 bench parts with a million units each and one hot part, signs up 16 customers through the API,
 * then runs autocannon (32 connections, 10 s; BENCH_CONNECTIONS, BENCH_SECONDS) twice per scenario
 * (BENCH_RUNS): orders spread over the distinct parts, and every order for the one hot part (row-lock
 * contention). Prints accepted orders/s, p50/p99 latency and refusals. Target: >= 500 orders/s, distinct parts.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { customerTokens } from './lib/customers.mjs';
import { createDatabase, dropDatabase, withClient } from './lib/database.mjs';
import { startShop } from './lib/shop.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const runs = Number(process.env.BENCH_RUNS ?? 2);
const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DISTINCT_PARTS = 2000;
const CUSTOMERS = 16;

const name = `${process.env.BENCH_DB_PREFIX ?? 'partsforge_bench_orders'}_${randomBytes(4).toString('hex')}`;
const databaseUrl = await createDatabase(serverUrl, name);

/** autocannon posting orders; `pick()` chooses each order's part. */
async function measure(url, tokens, pick) {
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/order',
        setupRequest: (request) => {
          n += 1;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[n % tokens.length]}`,
            },
            body: JSON.stringify({ productId: pick(n), quantity: 1, address: `Dock ${n}` }),
          };
        },
      },
    ],
  });
  return {
    ordersPerSecond: Math.round(result['2xx'] / (result.duration || duration)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused: result.non2xx,
    errors: result.errors,
  };
}

let shop;
try {
  shop = await startShop(3311 + Math.floor(Math.random() * 50), {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    // A load test: 16 customers place thousands of orders, far past the per-user write limits and the cap on
    // unpaid orders (both measured by their own tests).
    WRITE_LIMITS: 'false',
    MAX_UNPAID_ORDERS: '1000000',
  });
  const [distinct, hot] = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `insert into parts (sku, name, description, available, minqty, price_cents, img)
       select 'BENCH-' || n, 'Bench part ' || n, 'Bench part.', case when n = 0 then 100000000 else 1000000 end, 1, 1250, '/images/parts/bench.svg'
       from generate_series(0, $1::int) as n returning id, sku`,
      [DISTINCT_PARTS],
    );
    return [
      rows.filter((row) => row.sku !== 'BENCH-0').map((row) => row.id),
      rows.find((row) => row.sku === 'BENCH-0').id,
    ];
  });
  const tokens = await customerTokens(shop.url, CUSTOMERS);

  await measure(shop.url, tokens, (n) => distinct[n % distinct.length]); // warm-up
  const table = [];
  for (let run = 1; run <= runs; run += 1) {
    table.push({
      scenario: 'distinct parts',
      run,
      ...(await measure(shop.url, tokens, (n) => distinct[n % distinct.length])),
    });
    table.push({ scenario: 'one hot part', run, ...(await measure(shop.url, tokens, () => hot)) });
  }
  console.log(
    `\nPOST /api/order on PostgreSQL, ${connections} connections, ${duration} s per run (latencies in ms):`,
  );
  console.table(table);
  const best = Math.max(
    ...table.filter((row) => row.scenario === 'distinct parts').map((row) => row.ordersPerSecond),
  );
  console.log(`distinct parts: best ${best} orders/s (target >= 500)`);
} finally {
  await shop?.stop();
  await dropDatabase(serverUrl, name);
}
