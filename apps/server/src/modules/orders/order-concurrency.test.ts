/**
 * No oversell across processes (docs/design.md item 2 and "Scale-out"; docs/decisions/008-orders-stock-and-payments.md): 200 concurrent orders for a part
 * with stock for 50 orders, sent over HTTP to two app instances listening on loopback ports. On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own connection pool to the same database, as two server
 * processes would, and the round is repeated 20 times; on PGlite (one process, one connection) both instances
 * share the embedded database and 3 rounds run. Exactly 50 orders are accepted (201) and 150 refused (409),
 * stock ends at 0, and a poller reading the stock throughout never sees it negative. Then carts of three lines
 * race through checkout for the last units of one of them: exactly as many as the stock allows are placed, and
 * the others reserve nothing of any line (docs/requirements.md §11: all lines or none).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows, type Database } from '../../db/connect.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import {
  buildTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/build-test-app.js';
import { insertPart, putInCart, stockOf } from '../../test/orders.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = onPostgres ? 20 : 3;
const ORDERS = 200;
const QUANTITY = 2;
const STOCK_FOR_ORDERS = 50;

let shared: TestDatabase;
/**
 * PostgreSQL: each instance's own pool, whose requests wait for a connection as long as a round takes (the shop's
 * 5 s wait, which answers 503 when the database is overloaded, is not what is tested here), and the stock poller's
 * own connection, so it never waits behind the racing orders.
 */
let instancePools: Database[] = [];
let watcher: Database | undefined;
const apps: TestApp[] = [];
const origins: string[] = [];
let customers: TestUser[] = [];
/** One buyer per racing cart: a customer's own checkouts run one at a time. */
const CARTS = 24;
const CARTS_WITH_STOCK = 10;
let buyers: TestUser[] = [];

beforeAll(async () => {
  shared = await createTestDatabase();
  if (shared.database.kind === 'postgres') {
    const url = (shared.database.client as pg.Pool).options.connectionString;
    instancePools = await Promise.all(
      [1, 2].map(() => createDatabase({ databaseUrl: url, poolAcquireTimeoutMs: 120_000 })),
    );
    watcher = await createDatabase({ databaseUrl: url, poolSize: 1 });
  }
  // 200 orders from 8 customers per round: far past the per-user write limits and the cap on unpaid orders,
  // which are not what is tested here.
  const config = {
    authSecret: randomBytes(32).toString('hex'),
    catalogCacheTtlMs: 0,
    writeLimits: false,
    maxUnpaidOrders: 1000,
  };
  apps.push(await buildTestApp({ database: instancePools[0] ?? shared.database, config }));
  apps.push(await buildTestApp({ database: instancePools[1] ?? shared.database, config }));
  for (const { app } of apps) origins.push(await app.listen({ host: '127.0.0.1', port: 0 }));
  customers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      signUpAndGetToken(apps[0]!.app, { email: uniqueEmail(`racer-${i}`), name: `Racer ${i}` }),
    ),
  );
  buyers = await Promise.all(
    Array.from({ length: CARTS }, (_, i) =>
      signUpAndGetToken(apps[0]!.app, { email: uniqueEmail(`buyer-${i}`), name: `Buyer ${i}` }),
    ),
  );
}, 60_000);

afterAll(async () => {
  for (const { app } of apps) await app.close();
  for (const pool of instancePools) await pool.close();
  await watcher?.close();
  await shared.drop();
});

describe(`two app instances on one ${onPostgres ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it(`accept exactly ${STOCK_FOR_ORDERS} of ${ORDERS} concurrent orders, ${ROUNDS} times over`, async () => {
    const db = shared.database.db;
    for (let round = 0; round < ROUNDS; round += 1) {
      const partId = await insertPart(db, { available: STOCK_FOR_ORDERS * QUANTITY, minqty: QUANTITY });
      let lowest = Number.POSITIVE_INFINITY;
      let racing = true;
      const poller = (async () => {
        while (racing) {
          lowest = Math.min(lowest, await stockOf(watcher?.db ?? db, partId));
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();

      const statuses = await Promise.all(
        Array.from({ length: ORDERS }, async (_, i) => {
          const customer = customers[i % customers.length]!;
          const response = await fetch(`${origins[i % origins.length]}/api/order`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: customer.headers.authorization },
            body: JSON.stringify({ productId: partId, quantity: QUANTITY, address: `Dock ${i}` }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      racing = false;
      await poller;

      const accepted = statuses.filter((status) => status === 201).length;
      const refused = statuses.filter((status) => status === 409).length;
      expect({ round, accepted, refused }).toEqual({ round, accepted: STOCK_FOR_ORDERS, refused: 150 });
      expect(await stockOf(db, partId)).toBe(0);
      expect(lowest).toBeGreaterThanOrEqual(0);
      const [stored] = await queryRows<{ orders: number; quantity: number }>(
        db,
        sql`select count(*)::int as orders, coalesce(sum(quantity), 0)::int as quantity from order_lines where part_id = ${partId}`,
      );
      expect(stored).toEqual({ orders: STOCK_FOR_ORDERS, quantity: STOCK_FOR_ORDERS * QUANTITY });
    }
  }, 240_000);

  it(`place exactly ${CARTS_WITH_STOCK} of ${CARTS} concurrent three-line checkouts sharing a scarce part, all lines or none`, async () => {
    const db = shared.database.db;
    for (let round = 0; round < ROUNDS; round += 1) {
      const scarce = await insertPart(db, { available: CARTS_WITH_STOCK * QUANTITY, minqty: QUANTITY });
      const [plentyA, plentyB] = await Promise.all([
        insertPart(db, { available: 10_000, minqty: 1 }),
        insertPart(db, { available: 10_000, minqty: 1 }),
      ]);
      // Lines in different orders, so that a checkout locking parts in cart order would deadlock.
      await Promise.all(
        buyers.map(async (buyer, i) => {
          const lines = i % 2 ? [plentyB!, scarce, plentyA!] : [plentyA!, scarce, plentyB!];
          for (const part of lines) await putInCart(apps[0]!.app, buyer, part, QUANTITY);
        }),
      );
      // Meanwhile other customers put the same parts in their carts, in descending id order, several rows per
      // statement: the key-share locks of those inserts must not deadlock with the checkouts' row locks.
      const descending = [scarce, plentyA!, plentyB!].sort().reverse();
      const merges = Promise.all(
        customers.map(async (customer, i) => {
          const response = await fetch(`${origins[i % origins.length]}/api/cart/merge`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: customer.headers.authorization },
            body: JSON.stringify({ lines: descending.map((partId) => ({ partId, quantity: 1 })) }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const answers = await Promise.all(
        buyers.map(async (buyer, i) => {
          const response = await fetch(`${origins[i % origins.length]}/api/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: buyer.headers.authorization },
            body: JSON.stringify({ address: `Dock ${i}` }),
          });
          return {
            status: response.status,
            body: (await response.json()) as { lines?: { partId: string }[] },
          };
        }),
      );
      expect(await merges).toEqual(customers.map(() => 200));
      const placed = answers.filter((answer) => answer.status === 201).length;
      const refused = answers.filter((answer) => answer.status === 409);
      expect({ round, placed, refused: refused.length }).toEqual({
        round,
        placed: CARTS_WITH_STOCK,
        refused: CARTS - CARTS_WITH_STOCK,
      });
      for (const answer of refused) expect(answer.body.lines?.map((line) => line.partId)).toEqual([scarce]);
      expect(await stockOf(db, scarce)).toBe(0);
      expect(await stockOf(db, plentyA!)).toBe(10_000 - CARTS_WITH_STOCK * QUANTITY);
      expect(await stockOf(db, plentyB!)).toBe(10_000 - CARTS_WITH_STOCK * QUANTITY);
      await Promise.all(
        [...buyers, ...customers].map((buyer) =>
          apps[0]!.app.inject({ method: 'DELETE', url: '/api/cart', headers: buyer.headers }),
        ),
      );
    }
  }, 240_000);
});
