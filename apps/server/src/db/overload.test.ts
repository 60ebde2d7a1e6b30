/**
 * Slow queries cannot pile up (docs/security.md; docs/decisions/013-input-limits-and-overload.md): on
 * PostgreSQL a statement past the statement timeout, or a wait for a pooled connection past the acquisition
 * timeout, answers 503 with Retry-After, and the request leaves nothing half-written. PostgreSQL only
 * (TEST_DATABASE_URL): PGlite is one in-process connection with neither a pool nor statement timeouts.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../test/auth.js';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../test/build-test-app.js';
import { insertPart, stockOf } from '../test/orders.js';
import { createDatabase, type Database } from './connect.js';

const TIMEOUT_MS = 300;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('statement and pool timeouts (PostgreSQL)', () => {
  let shared: TestDatabase;
  let timed: Database;
  let url: string;
  let t: TestApp;
  let customer: TestUser;

  beforeAll(async () => {
    shared = await createTestDatabase();
    url = (shared.database.client as pg.Pool).options.connectionString!;
    timed = await createDatabase({
      databaseUrl: url,
      statementTimeoutMs: TIMEOUT_MS,
      poolAcquireTimeoutMs: TIMEOUT_MS,
    });
    t = await buildTestApp({ database: timed });
    customer = await signUpAndGetToken(t.app, { email: uniqueEmail('slow'), name: 'Slow Buyer' });
  });
  afterAll(async () => {
    await t?.close();
    await timed?.close();
    await shared?.drop();
  });

  it('answers 503 with Retry-After when a statement runs past the timeout, and writes nothing', async () => {
    const partId = await insertPart(t.database.db, { available: 100, minqty: 1 });
    // Another session holds the part's row, so placing the order waits on it past the timeout.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select * from parts where id = $1 for update', [partId]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: customer.headers,
        payload: { productId: partId, quantity: 3, address: '1 Depot Road, Springfield' },
      });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        message: 'The shop is busy right now. Please try again in a few seconds.',
        code: 'SERVICE_BUSY',
      });
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect(await stockOf(t.database.db, partId)).toBe(100);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toEqual([]);
  });

  it('answers 503 with Retry-After when no pooled connection frees up in time', async () => {
    const pool = timed.client as pg.Pool;
    const held: pg.PoolClient[] = [];
    try {
      while (held.length < (pool.options.max ?? 10)) held.push(await pool.connect());
      const response = await t.app.inject({ url: '/api/order', headers: customer.headers });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json<{ code: string }>().code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      for (const client of held) client.release();
    }
    expect((await t.app.inject({ url: '/api/order', headers: customer.headers })).statusCode).toBe(200);
  });
});
