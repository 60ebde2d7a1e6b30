/**
 * Process roles and probes in one process (docs/operations.md "Processes, probes and drain"): what a web and a
 * worker process serve and run, /livez and /readyz with their checks (draining, the database within 1 s, the schema
 * at the build's migration, the search index), and the hold expiry sweep run by two workers at once expiring each
 * order once (PostgreSQL). The mail outbox's two-worker case is in modules/mail/mail-delivery.test.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMigrations } from '../db/migrate.js';
import { orderEvents, orders } from '../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail } from './auth.js';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from './build-test-app.js';
import { insertPart, placeOrderFor, stockOf } from './orders.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ORDER_CONFIG = { orderHoldMinutes: 60, maxUnpaidOrders: 1000, writeLimits: false };

let shared: TestDatabase;
beforeAll(async () => {
  shared = await createTestDatabase();
});
afterAll(() => shared.drop());

/** An app of `role` on the shared database, ready, with its search index built when it builds one. */
async function appOf(role: 'web' | 'worker' | 'all', jobWorkers = role !== 'web'): Promise<TestApp> {
  const t = await buildTestApp({
    database: shared.database,
    config: { ...ORDER_CONFIG, processRole: role, jobWorkers },
  });
  await t.app.ready();
  await vi.waitFor(() => expect(t.app.catalog.warmingUp).toBe(false));
  return t;
}

/** Moves the order's start back past its hold, as if the customer had walked away. */
async function ageOrder(database: TestDatabase['database'], id: string): Promise<void> {
  await database.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${ORDER_CONFIG.orderHoldMinutes + 1})` })
    .where(eq(orders.id, id));
}

const statusOf = async (database: TestDatabase['database'], id: string) =>
  (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

const ALL_OK = { accepting: 'ok', database: 'ok', schema: 'ok', searchIndex: 'ok' };

describe('a web process', () => {
  it('serves the API and the probes, and runs no jobs (no mail delivery, no hold expiry)', async () => {
    const all = await appOf('all', false);
    const buyer = await signUpAndGetToken(all.app, { email: uniqueEmail('roles'), name: 'Roles' });
    const partId = await insertPart(shared.database.db, { available: 10, minqty: 1 });
    const orderId = await placeOrderFor(all.app, buyer, partId, 4);
    await ageOrder(shared.database, orderId);
    await all.app.close();

    const web = await appOf('web');
    try {
      expect(web.app.mailDelivery).toBeNull();
      expect((await web.app.inject({ url: '/api/parts?limit=1' })).statusCode).toBe(200);
      expect((await web.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
      const ready = await web.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.json()).toEqual({ status: 'ready', checks: ALL_OK });
      // No sweep ran at start: the stale order still holds its stock.
      expect(await statusOf(shared.database, orderId)).toBe('unpaid');
    } finally {
      await web.app.close();
    }

    // A worker's sweep runs at start and gives the stock back.
    const worker = await appOf('worker');
    try {
      await vi.waitFor(async () => expect(await statusOf(shared.database, orderId)).toBe('expired'));
      expect(await stockOf(shared.database.db, partId)).toBe(10);
    } finally {
      await worker.app.close();
    }
  });
});

describe('a worker process', () => {
  it('answers only its probes (the search index is not its check) and runs the mail delivery worker', async () => {
    const worker = await appOf('worker');
    try {
      expect(worker.app.mailDelivery).not.toBeNull();
      expect((await worker.app.inject({ url: '/livez' })).statusCode).toBe(200);
      const ready = await worker.app.inject({ url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready', checks: { ...ALL_OK, searchIndex: 'skipped' } });
      expect((await worker.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
      expect((await worker.app.inject({ url: '/api/ready' })).json()).toEqual({ status: 'ready' });
      for (const url of ['/api/parts?limit=1', '/api/docs/json', '/', '/uploads/x.png'])
        expect((await worker.app.inject({ url })).statusCode, url).toBe(404);
    } finally {
      await worker.app.close();
    }
  });
});

describe('GET /readyz', () => {
  it('answers 503 SHUTTING_DOWN from the moment the process drains; /livez stays 200', async () => {
    const web = await appOf('web');
    try {
      web.app.probes.beginDrain();
      const ready = await web.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: 'This server is shutting down; another one takes the requests.',
        code: 'SHUTTING_DOWN',
        checks: { ...ALL_OK, accepting: 'failed' },
      });
      expect((await web.app.inject({ url: '/api/ready' })).json()).toEqual({
        message: 'This server is shutting down; another one takes the requests.',
        code: 'SHUTTING_DOWN',
      });
      expect((await web.app.inject({ url: '/livez' })).statusCode).toBe(200);
    } finally {
      await web.app.close();
    }
  });

  it("answers 503 SCHEMA_MISMATCH when the database's schema is not at the build's latest migration", async () => {
    const own = await createTestDatabase();
    const t = await buildTestApp({ database: own.database });
    try {
      const latest = buildMigrations().at(-1)!.when;
      await own.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${latest + 1000})`,
      );
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        message: `The database schema is not at this build's latest migration (the database's is ${latest + 1000}, the build's ${latest}).`,
        code: 'SCHEMA_MISMATCH',
        checks: { database: 'ok', schema: 'failed' },
      });
    } finally {
      await t.app.close();
      await own.drop();
    }
  });

  it.skipIf(!onPostgres)(
    'answers 503 DATABASE_UNAVAILABLE within about a second when the database does not answer, one query for all probes (PostgreSQL)',
    async () => {
      const web = await appOf('web');
      if (shared.database.kind !== 'postgres') throw new Error('needs PostgreSQL');
      const blocker = await shared.database.client.connect();
      try {
        // Another session holds the migrations table: the readiness query waits behind it.
        await blocker.query('begin');
        await blocker.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
        const started = performance.now();
        const ready = await web.app.inject({ url: '/readyz' });
        const elapsed = performance.now() - started;
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          message: 'The database is unavailable. Please try again shortly.',
          code: 'DATABASE_UNAVAILABLE',
          checks: { ...ALL_OK, database: 'failed', schema: 'skipped' },
        });
        expect(elapsed).toBeGreaterThanOrEqual(950);
        expect(elapsed).toBeLessThan(2500);
        // Probes meanwhile share the one waiting query: a stalled database holds one connection for them.
        const probes = await Promise.all(Array.from({ length: 4 }, () => web.app.inject({ url: '/readyz' })));
        expect(probes.map((probe) => probe.statusCode)).toEqual([503, 503, 503, 503]);
        const waiting = await blocker.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        expect(waiting.rows[0]!.n).toBe(1);
      } finally {
        await blocker.query('rollback');
        blocker.release();
        await web.app.close();
      }
    },
  );
});

describe.skipIf(!onPostgres)('the hold expiry sweep run by two workers at once (PostgreSQL)', () => {
  it('expires each stale order once and gives its stock back once', async () => {
    const ORDERS = 60;
    const [first, second] = [await appOf('worker'), await appOf('worker')];
    const web = await appOf('web');
    try {
      const buyer = await signUpAndGetToken(web.app, { email: uniqueEmail('sweeps'), name: 'Sweeps' });
      const partIds = await Promise.all(
        Array.from({ length: 3 }, () => insertPart(shared.database.db, { available: 1000, minqty: 1 })),
      );
      const ids: string[] = [];
      for (let i = 0; i < ORDERS; i += 1)
        ids.push(await placeOrderFor(web.app, buyer, partIds[i % partIds.length]!, 5));
      await Promise.all(ids.map((id) => ageOrder(shared.database, id)));

      // Both workers' sweeps, three rounds each, all at once.
      const expired = await Promise.all(
        [first, second, first, second, first, second].map((worker) => worker.app.orders.expireStaleOrders()),
      );
      expect(expired.reduce((sum, count) => sum + count, 0)).toBe(ORDERS);
      const events = await shared.database.db
        .select({ orderId: orderEvents.orderId })
        .from(orderEvents)
        .where(and(eq(orderEvents.status, 'expired'), inArray(orderEvents.orderId, ids)));
      expect(events).toHaveLength(ORDERS);
      expect(new Set(events.map((event) => event.orderId)).size).toBe(ORDERS);
      for (const partId of partIds) expect(await stockOf(shared.database.db, partId)).toBe(1000);
    } finally {
      await Promise.all([first.app.close(), second.app.close(), web.app.close()]);
    }
  });
});
