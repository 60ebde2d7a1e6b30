#!/usr/bin/env node
/**
 * Benchmark of wholesale ordering (docs/requirements.md §11; docs/decisions/017) on PostgreSQL. Creates a fresh
 * database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test; dropped afterwards), starts the shop
 * on it as `npm start` does, adds 5,000 bench parts (a million units each; every third with quantity breaks,
 * every fifth sold in packs of 5) and signs up 32 customers through the API. Then, at 32 connections (one
 * customer each; BENCH_CONNECTIONS, BENCH_SECONDS):
 * 1. checkout: every customer's cart holds 10 lines over distinct parts, and each connection repeats POST
 *    /api/checkout; a trigger that only this bench installs puts the lines back as each checkout empties the
 *    cart (inside the checkout's transaction, so its cost counts against the checkout): ten-line checkouts placed
 *    per second, p50 and p99;
 * 1b. the same as a buyer's flow: each connection repeats [POST /api/cart/import of 10 lines, POST /api/checkout];
 * 1c. account: as 1, by members of 4 companies with net 30 terms at the jobber level and a credit limit no run
 *    reaches (docs/requirements.md §15), each checkout `paymentMethod: "account"`: the company's terms locked, its
 *    open balance read, the order placed pending and its invoice issued and mailed (placer and owner) in the
 *    checkout's transaction; account checkouts per second (BENCH_SCENARIOS=account runs this one alone, BENCH_SCENARIOS=card phase 1);
 * 2. quick order: one customer imports 500 lines (distinct SKUs) into an empty cart, 5 times: each answer's time;
 * 3. cart reads: every customer's cart filled with 200 lines, then GET /api/cart at 32 and at 8 connections.
 * Each of 1, 1b, 1c and 3 starts once the outbox holds no mail to send (the earlier phases' confirmations are not
 * being delivered while it is measured; its own warm-up's are) and the database is vacuumed (settle).
 * BENCH_KEEP_DB=1 keeps the database afterwards (its URL printed).
 * Targets: >= 300 ten-line checkouts/s (card and account); a 500-line import <= 1 s; cart reads p99 <= 20 ms with
 * 200 lines.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { customerTokens, signUpCustomer } from './lib/customers.mjs';
import { createDatabase, dropDatabase, withClient } from './lib/database.mjs';
import { percentile } from './lib/load.mjs';
import { writeOrderHistory } from './lib/orders.mjs';
import { measureCpu, startShop } from './lib/shop.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PARTS = 5000;
const LINES_PER_CHECKOUT = 10;
/** Companies the account scenario's members belong to (the connections spread over them). */
const ACCOUNT_COMPANIES = 4;
/** BENCH_SCENARIOS=account (or card) runs the account (or card) checkouts alone; by default every phase runs. */
const accountOnly = process.env.BENCH_SCENARIOS === 'account';
const cardOnly = process.env.BENCH_SCENARIOS === 'card';

const name = `${process.env.BENCH_DB_PREFIX ?? 'partsforge_bench_checkout'}_${randomBytes(4).toString('hex')}`;
const databaseUrl = await createDatabase(serverUrl, name);

const auth = (token) => ({ authorization: `Bearer ${token}` });
const json = (token) => ({ 'content-type': 'application/json', ...auth(token) });
const round = (ms) => Math.round(ms * 10) / 10;

/** Quick-order text of `count` lines from `offset` in `skus` (wrapping), each at its part's pack. */
function lines(skus, offset, count) {
  return Array.from({ length: count }, (_, i) => {
    const index = (offset + i) % skus.length;
    return `${skus[index]} ${index % 5 === 0 ? 5 : 1}`;
  }).join('\n');
}

/**
 * GET or POST `path` at `connections` for `duration`, one customer per connection; exact p50 and p99, and the CPU
 * time per answered (2xx) request of the shop's processes (`shopCpuMs`: the web server, its mail delivery) and of
 * PostgreSQL's (`postgresCpuMs`), both in ms (lib/shop.mjs's measureCpu).
 */
async function load(url, tokens, { path, method = 'GET', body, connections: count = connections, label }) {
  let nextCustomer = 0;
  const latencies = [];
  const statuses = {};
  const instance = autocannon({
    url,
    connections: count,
    duration,
    requests: [
      {
        method,
        path,
        setupRequest: (request, context) => {
          context.token ??= tokens[nextCustomer++ % tokens.length];
          return { ...request, headers: body ? json(context.token) : auth(context.token), body };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const cpu = measureCpu(shop.pid);
  const result = await instance;
  const { shopSeconds, postgresSeconds } = cpu.stop();
  latencies.sort((a, b) => a - b);
  const perRequestMs = (seconds) => round((seconds * 1000) / Math.max(1, result['2xx']));
  return {
    call: label,
    perSecond: Math.round(result['2xx'] / (result.duration || duration)),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    statuses: JSON.stringify(statuses),
    shopCpuMs: perRequestMs(shopSeconds),
    postgresCpuMs: perRequestMs(postgresSeconds),
  };
}

/**
 * Readies the database for the next scenario as a production server would have it: waits (up to 5 minutes) until
 * the outbox holds no mail still to send, so the previous scenario's confirmations are not being delivered in the
 * same process while this one is measured (its own warm-up's are, as in steady ordering), then runs
 * `vacuum (analyze)`: the PostgreSQL of this project's machines runs with autovacuum off, and each checkout
 * deletes and the bench refills ten cart lines, so without it later scenarios read carts past tens of thousands of
 * dead rows. Prints how long each took.
 */
async function settle(label) {
  const started = performance.now();
  let waiting;
  for (;;) {
    waiting = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query(
        'select count(*)::int as n from outbound_emails where sent_at is null and failed_at is null',
      );
      return rows[0].n;
    });
    if (waiting === 0 || performance.now() - started > 300_000) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const waited = performance.now();
  await withClient(databaseUrl, (client) => client.query('vacuum (analyze)'));
  console.log(
    `${label}: outbox ${waiting === 0 ? 'empty' : `still holds ${waiting} mails`} after ${((waited - started) / 1000).toFixed(1)} s, vacuumed in ${((performance.now() - waited) / 1000).toFixed(1)} s`,
  );
}

/** Fills every customer's cart with `count` lines from `offset * index` (distinct parts per customer). */
async function fillCarts(url, tokens, skus, count) {
  for (const [i, token] of tokens.entries()) {
    const response = await fetch(`${url}/api/cart/import`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ text: lines(skus, i * count, count) }),
    });
    if (response.status !== 200) throw new Error(`fill: ${response.status}`);
  }
}

/**
 * Phase 1: checkouts only. A bench-only trigger refills each cart as the checkout empties it (the same lines), so
 * every request is a ten-line checkout (`paymentMethod` card, or account for phase 1c).
 */
async function checkoutsOnly(url, tokens, skus, { paymentMethod = 'card' } = {}) {
  await settle(`checkouts (${paymentMethod})`);
  await fillCarts(url, tokens, skus, LINES_PER_CHECKOUT);
  await withClient(databaseUrl, (client) =>
    client.query(`
      create function bench_refill_cart() returns trigger language plpgsql as $$
      begin
        insert into cart_lines (user_id, part_id, quantity) select user_id, part_id, quantity from emptied;
        return null;
      end $$;
      create trigger bench_refill_cart after delete on cart_lines referencing old table as emptied
        for each statement execute function bench_refill_cart();`),
  );
  const options = {
    path: '/api/checkout',
    method: 'POST',
    body: JSON.stringify({
      address: '1 Bench Road',
      poNumber: 'PO-BENCH',
      ...(paymentMethod === 'card' ? {} : { paymentMethod }),
    }),
    label: `POST /api/checkout (10 lines${paymentMethod === 'card' ? '' : `, on ${paymentMethod}`})`,
  };
  await load(url, tokens, options); // warm-up
  const row = await load(url, tokens, options);
  await withClient(databaseUrl, (client) =>
    client.query(
      'drop trigger bench_refill_cart on cart_lines; drop function bench_refill_cart(); delete from cart_lines',
    ),
  );
  return row;
}

/**
 * Phase 1c's buyers: `connections` customers signed up through the API and made members of ACCOUNT_COMPANIES
 * companies in the database (the first of each its owner, the others buyers without a spending limit), each company
 * with net 30 terms at the jobber level and the largest credit limit. Returns their tokens.
 */
async function accountMembers(url) {
  const members = new Array(connections);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < connections) {
        const index = next++;
        members[index] = await signUpCustomer(url, 1000 + index);
      }
    }),
  );
  await withClient(databaseUrl, async (client) => {
    for (let company = 0; company < ACCOUNT_COMPANIES; company += 1) {
      const {
        rows: [{ id }],
      } = await client.query(`insert into companies (name) values ($1) returning id`, [
        `Bench Garage ${company + 1}`,
      ]);
      await client.query(
        `insert into company_terms (company_id, price_level, payment_terms, credit_limit_cents, tax_exempt)
         values ($1, 'jobber', 'net30', 9999999999, false)`,
        [id],
      );
      const emails = members.filter((_, index) => index % ACCOUNT_COMPANIES === company).map((m) => m.email);
      await client.query(
        `insert into company_members (user_id, company_id, role)
         select users.id, $1, case when users.email = $2 then 'owner' else 'buyer' end
         from users where users.email = any($3::text[])`,
        [id, emails[0], emails],
      );
    }
  });
  return members.map((member) => member.token);
}

/**
 * Phase 1c: account checkouts (checkoutsOnly on account by accountMembers), checked to have placed pending orders on
 * account with their invoices due.
 */
async function accountCheckouts(url, skus) {
  const row = await checkoutsOnly(url, await accountMembers(url), skus, { paymentMethod: 'account' });
  const placed = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(`
      select (select count(*) from orders where payment_method = 'account' and status = 'pending')::int as orders,
             (select count(*) from invoices where due_at is not null and company_id is not null)::int as invoices`);
    return rows[0];
  });
  if (placed.orders === 0 || placed.orders !== placed.invoices)
    throw new Error(`account checkouts: ${JSON.stringify(placed)} (pending account orders, invoices due)`);
  return row;
}

/** Phase 1b: connections repeat [import 10 lines, checkout]; returns checkouts/s and latencies. */
async function checkouts(url, tokens, skus) {
  await settle('flow');
  let nextCustomer = 0;
  let offset = 0;
  const latency = { import: [], checkout: [] };
  const statuses = { import: {}, checkout: {} };
  /** Each answer's status and time since its request was set up (ms). */
  const record = (kind, status, context) => {
    latency[kind].push(performance.now() - context.sentAt);
    statuses[kind][status] = (statuses[kind][status] ?? 0) + 1;
  };
  const instance = autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/cart/import',
        setupRequest: (request, context) => {
          context.token ??= tokens[nextCustomer++ % tokens.length];
          context.sentAt = performance.now();
          offset += LINES_PER_CHECKOUT;
          return {
            ...request,
            headers: json(context.token),
            body: JSON.stringify({ text: lines(skus, offset, LINES_PER_CHECKOUT) }),
          };
        },
        onResponse: (status, _body, context) => record('import', status, context),
      },
      {
        method: 'POST',
        path: '/api/checkout',
        setupRequest: (request, context) => {
          context.sentAt = performance.now();
          return {
            ...request,
            headers: json(context.token),
            body: JSON.stringify({ address: '1 Bench Road', poNumber: 'PO-BENCH' }),
          };
        },
        onResponse: (status, _body, context) => record('checkout', status, context),
      },
    ],
  });
  const result = await instance;
  const seconds = result.duration || duration;
  const row = (kind) => {
    const sorted = latency[kind].sort((a, b) => a - b);
    return {
      call:
        kind === 'checkout'
          ? 'flow: POST /api/checkout (10 lines)'
          : 'flow: POST /api/cart/import (10 lines)',
      perSecond: Math.round((statuses[kind][kind === 'checkout' ? 201 : 200] ?? 0) / seconds),
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      statuses: JSON.stringify(statuses[kind]),
    };
  };
  return [row('import'), row('checkout')];
}

/** Phase 2: a 500-line import into an empty cart, `runs` times; returns each answer's time in ms. */
async function bigImports(url, token, skus, runs = 5) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    await fetch(`${url}/api/cart`, { method: 'DELETE', headers: auth(token) });
    const started = performance.now();
    const response = await fetch(`${url}/api/cart/import`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ text: lines(skus, run * 500, 500) }),
    });
    const body = await response.json();
    times.push(round(performance.now() - started));
    const added = body.results?.filter((result) => result.status === 'added').length;
    if (response.status !== 200 || added !== 500)
      throw new Error(
        `import: ${response.status}, ${added} added: ${JSON.stringify(body.results?.slice(0, 2))}`,
      );
  }
  await fetch(`${url}/api/cart`, { method: 'DELETE', headers: auth(token) });
  return times;
}

/** Phase 3: 200-line carts for every customer, then GET /api/cart at 32 and at 8 connections. */
async function cartReads(url, tokens, skus) {
  await settle('cart reads');
  await fillCarts(url, tokens, skus, 200);
  const check = await (await fetch(`${url}/api/cart`, { headers: auth(tokens[0]) })).json();
  if (check.lines.length !== 200) throw new Error(`cart has ${check.lines.length} lines`);
  const read = { path: '/api/cart', label: 'GET /api/cart (200 lines)' };
  await load(url, tokens, read); // warm-up
  return [
    await load(url, tokens, read),
    await load(url, tokens, { ...read, connections: 8, label: 'GET /api/cart (200 lines), 8 connections' }),
  ];
}

let shop;
try {
  shop = await startShop(3371 + Math.floor(Math.random() * 50), {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    // A load test: 32 customers place thousands of orders, far past the per-user write limits and the cap on
    // unpaid orders (both measured by their own tests).
    WRITE_LIMITS: 'false',
    MAX_UNPAID_ORDERS: '1000000',
  });
  const skus = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `insert into parts (sku, name, description, available, minqty, price_cents, img, pack_size,
                          break_quantities, break_prices_cents)
       select 'CHK-' || n, 'Checkout bench part ' || n, 'Bench part.', 1000000, 1, 2000, '/images/parts/bench.svg',
              case when n % 5 = 0 then 5 else 1 end,
              case when n % 3 = 0 then array[50, 200] else '{}'::int[] end,
              case when n % 3 = 0 then array[1800, 1600] else '{}'::int[] end
       from generate_series(0, $1::int - 1) as n order by n returning sku`,
      [PARTS],
    );
    return rows.map((row) => row.sku);
  });
  await withClient(databaseUrl, writeOrderHistory);
  if (cardOnly) {
    // One scenario alone: card checkouts (phase 1).
    const card = await checkoutsOnly(shop.url, await customerTokens(shop.url, connections), skus);
    console.table([card]);
    console.log(`ten-line checkouts: ${card.perSecond}/s (target >= 500)`);
  } else if (accountOnly) {
    // One scenario alone: account checkouts.
    const account = await accountCheckouts(shop.url, skus);
    console.log(
      `\nAccount checkouts on PostgreSQL, ${connections} connections, ${duration} s per load (latencies in ms):`,
    );
    console.table([account]);
    console.log(`ten-line account checkouts: ${account.perSecond}/s (target >= 300)`);
    console.log(
      `BENCH_RESULT ${JSON.stringify([{ bench: 'checkout', measure: 'ten-line account checkouts/s', value: account.perSecond, target: 300, atLeast: true }])}`,
    );
  } else {
    const tokens = await customerTokens(shop.url, connections);

    const table = [await checkoutsOnly(shop.url, tokens, skus)];
    table.push(...(await checkouts(shop.url, tokens, skus)));
    const imports = await bigImports(shop.url, tokens[0], skus);
    table.push(...(await cartReads(shop.url, tokens, skus)));
    const account = await accountCheckouts(shop.url, skus);
    table.push(account);
    console.log(
      `\nWholesale ordering on PostgreSQL, ${connections} connections, ${duration} s per load (latencies in ms):`,
    );
    console.table(table);
    console.log(`500-line quick-order import, 5 runs: ${imports.join(', ')} ms (target <= 1000)`);
    console.log(
      `ten-line checkouts: ${table[0].perSecond}/s (target >= 500); cart reads p99 ${table[3].p99} ms at ${connections}, ${table[4].p99} ms at 8 connections (target <= 20)`,
    );
    console.log(`ten-line account checkouts: ${account.perSecond}/s (target >= 300)`);
    const results = [
      { measure: 'ten-line checkouts/s', value: table[0].perSecond, target: 500, atLeast: true },
      {
        measure: '500-line quick-order import, slowest ms',
        value: Math.max(...imports),
        target: 1000,
        atLeast: false,
      },
      {
        measure: 'cart reads (200 lines) p99 ms, 8 connections',
        value: table[4].p99,
        target: 20,
        atLeast: false,
      },
      { measure: 'ten-line account checkouts/s', value: account.perSecond, target: 300, atLeast: true },
    ];
    console.log(`BENCH_RESULT ${JSON.stringify(results.map((row) => ({ bench: 'checkout', ...row })))}`);
  }
} finally {
  await shop?.stop();
  if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${databaseUrl}`);
  else await dropDatabase(serverUrl, name);
}
