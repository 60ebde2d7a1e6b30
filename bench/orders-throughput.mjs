#!/usr/bin/env node
/**
 * Benchmark of ordering (docs/decisions/008-orders-stock-and-payments.md): orders placed per second (`POST /api/order`, each a stock reservation and an insert in
 * one transaction) on PostgreSQL. Creates a fresh database on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/test; dropped afterwards), starts the shop on it as `npm start` does,
 * adds 2,000 bench parts with a million units each and one hot part, signs up 16 customers through the API,
 * then runs autocannon (32 connections, 10 s; BENCH_CONNECTIONS, BENCH_SECONDS) twice per scenario
 * (BENCH_RUNS): orders spread over the distinct parts, every order for the one hot part (row-lock contention), and
 * place and pay: each connection places an order, starts its payment, confirms the sandbox card (which marks it
 * paid, numbers its invoice and queues the receipt) and tells the shop (PATCH); then company: the same customers made
 * buyers of one company, with a spending limit their orders stay under (docs/requirements.md §14: each order reads
 * the membership and belongs to the company), ordering distinct parts. Prints orders/s, p50/p99 latency
 * and refusals, then `BENCH_RESULT <json>` for `npm run bench`. Targets (bench/README.md): >= 2,000 orders/s on
 * distinct parts, >= 1,000 on one hot part, >= 400 placed and paid.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { customerTokens } from './lib/customers.mjs';
import { writeOrderHistory } from './lib/orders.mjs';
import { createDatabase, dropDatabase, withClient } from './lib/database.mjs';
import { measureCpu, startShop } from './lib/shop.mjs';

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
  const cpu = measureCpu(shop.pid);
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
  const { shopSeconds, postgresSeconds } = cpu.stop();
  const perOrderMs = (seconds) => Math.round((seconds * 10_000) / Math.max(1, result['2xx'])) / 10;
  return {
    ordersPerSecond: Math.round(result['2xx'] / (result.duration || duration)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused: result.non2xx,
    errors: result.errors,
    shopCpuMs: perOrderMs(shopSeconds),
    postgresCpuMs: perOrderMs(postgresSeconds),
  };
}

/** autocannon placing and paying orders, four calls each; counts the orders whose last call answered 200. */
async function measurePaid(url, tokens, pick) {
  let n = 0;
  let paid = 0;
  const json = (token) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/order',
        setupRequest: (request, context) => {
          n += 1;
          context.token = tokens[n % tokens.length];
          return {
            ...request,
            headers: json(context.token),
            body: JSON.stringify({ productId: pick(n), quantity: 1, address: `Dock ${n}` }),
          };
        },
        onResponse: (status, body, context) => {
          context.orderId = status === 201 ? JSON.parse(body).insertedId : undefined;
        },
      },
      {
        method: 'POST',
        path: '/api/create-payment-intent',
        setupRequest: (request, context) => ({
          ...request,
          headers: json(context.token),
          body: JSON.stringify({ orderId: context.orderId ?? 'none' }),
        }),
        onResponse: (status, body, context) => {
          context.clientSecret = status === 200 ? JSON.parse(body).clientSecret : 'none';
        },
      },
      {
        method: 'POST',
        path: '/api/payments/sandbox/confirm',
        setupRequest: (request, context) => ({
          ...request,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            clientSecret: context.clientSecret,
            cardNumber: '4242424242424242',
            expiry: '12/40',
            cvc: '123',
          }),
        }),
        onResponse: (status, body, context) => {
          context.transactionId = status === 200 ? JSON.parse(body).paymentIntent.id : 'none';
        },
      },
      {
        method: 'PATCH',
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/order/${context.orderId ?? 'none'}`,
          headers: json(context.token),
          body: JSON.stringify({ transactionId: context.transactionId }),
        }),
        onResponse: (status) => {
          if (status === 200) paid += 1;
        },
      },
    ],
  });
  return {
    ordersPerSecond: Math.round(paid / (result.duration || duration)),
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
    // BENCH_JOB_WORKERS=false: the web process alone, its confirmations left queued (bench:mail measures delivery);
    // by default the process also delivers every confirmation as it comes, as `npm start` does.
    JOB_WORKERS: process.env.BENCH_JOB_WORKERS ?? 'true',
  });
  const [distinct, hot] = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `insert into parts (sku, name, description, available, minqty, price_cents, img)
       select 'BENCH-' || n, 'Bench part ' || n, 'Bench part.', case when n = 0 then 100000000 else 1000000 end, 1, 1250, '/images/parts/bench.svg'
       from generate_series(0, $1::int) as n returning id, sku`,
      [DISTINCT_PARTS],
    );
    await writeOrderHistory(client);
    return [
      rows.filter((row) => row.sku !== 'BENCH-0').map((row) => row.id),
      rows.find((row) => row.sku === 'BENCH-0').id,
    ];
  });
  const tokens = await customerTokens(shop.url, CUSTOMERS);

  await measure(shop.url, tokens, (n) => distinct[n % distinct.length]); // warm-up
  const table = [];
  // BENCH_SCENARIOS=distinct,hot,pay,company runs only those (default all four).
  const scenarios = (process.env.BENCH_SCENARIOS ?? 'distinct,hot,pay,company').split(',');
  for (let run = 1; run <= runs; run += 1) {
    if (scenarios.includes('distinct'))
      table.push({
        scenario: 'distinct parts',
        run,
        ...(await measure(shop.url, tokens, (n) => distinct[n % distinct.length])),
      });
    if (scenarios.includes('hot'))
      table.push({ scenario: 'one hot part', run, ...(await measure(shop.url, tokens, () => hot)) });
    if (scenarios.includes('pay'))
      table.push({
        scenario: 'place and pay',
        run,
        ...(await measurePaid(shop.url, tokens, (n) => distinct[n % distinct.length])),
      });
  }
  if (scenarios.includes('company')) {
    await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query(
        `insert into companies (name) values ('Bench Motors') returning id`,
      );
      await client.query(
        `insert into company_members (user_id, company_id, role, spending_limit_cents)
         select id, $1, 'buyer', 100000000 from users`,
        [rows[0].id],
      );
    });
    for (let run = 1; run <= runs; run += 1)
      table.push({
        scenario: 'company buyers',
        run,
        ...(await measure(shop.url, tokens, (n) => distinct[n % distinct.length])),
      });
  }
  console.log(
    `\nPOST /api/order on PostgreSQL, ${connections} connections, ${duration} s per run, mail delivered by the same process: ${process.env.BENCH_JOB_WORKERS ?? 'true'} (latencies in ms):`,
  );
  console.table(table);
  const best = (scenario) =>
    Math.max(...table.filter((row) => row.scenario === scenario).map((row) => row.ordersPerSecond));
  const results = [
    { measure: 'one-line orders/s, distinct parts', scenario: 'distinct parts', target: 2000 },
    { measure: 'one-line orders/s, one hot part', scenario: 'one hot part', target: 1000 },
    { measure: 'orders placed and paid/s', scenario: 'place and pay', target: 400 },
    {
      measure: 'one-line orders/s by company buyers, distinct parts',
      scenario: 'company buyers',
      target: 2000,
    },
  ]
    .filter(({ scenario }) => table.some((row) => row.scenario === scenario))
    .map(({ measure, scenario, target }) => ({ measure, value: best(scenario), target }));
  for (const { measure, value, target } of results)
    console.log(`${measure}: best ${value} (target >= ${target})`);
  console.log(
    `BENCH_RESULT ${JSON.stringify(results.map((row) => ({ bench: 'orders', atLeast: true, ...row })))}`,
  );
} finally {
  await shop?.stop();
  await dropDatabase(serverUrl, name);
}
