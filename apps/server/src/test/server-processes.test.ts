/**
 * The built server as processes on PostgreSQL (docs/operations.md "Processes, probes and drain"): a web, a worker and
 * an all process started together on a new database migrate it once and each serves what its role serves; SIGTERM
 * turns /readyz to 503 at once, keeps serving for SHUTDOWN_DELAY_SECONDS, then exits 0 (SIGINT without the delay);
 * and a build started on a schema a newer build migrated refuses to start with a clear message and exit code 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMigrations } from '../db/migrate.js';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from './postgres-database.js';
import {
  ensureServerBuilt,
  freePort,
  startServer,
  waitForReady,
  type ServerProcess,
} from './server-process.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: EmptyPostgresDatabase;
let dataDir: string;
const started: ServerProcess[] = [];

/** The production environment of a process of `role` on the test database. */
const envOf = (role: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  AUTH_SECRET: 'f'.repeat(64),
  PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
  PUBLIC_URL: 'http://shop.test',
  LOG_LEVEL: 'info',
  PROCESS_ROLE: role,
  ...extra,
});

async function start(role: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const server = startServer(await freePort(), envOf(role, extra));
  started.push(server);
  return server;
}

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)('server processes on PostgreSQL', () => {
  beforeAll(async () => {
    await ensureServerBuilt();
    database = await createEmptyPostgresDatabase('processes');
    dataDir = mkdtempSync(join(tmpdir(), 'partsforge-processes-'));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a web, a worker and an all process started together migrate the new database once and each serve their role', async () => {
    // All three migrate; the web one also seeds the demo catalogue (its own lock keeps seeding to one process).
    const [web, worker, all] = await Promise.all([
      start('web'),
      start('worker', { SEED_DEMO: 'false' }),
      start('all', { SEED_DEMO: 'false' }),
    ]);
    // Three processes migrating, seeding and loading the vehicle list on a busy 2-core machine take a while.
    await Promise.all([web, worker, all].map((server) => waitForReady(server, 180_000)));

    const recorded = await query<{ created_at: string; copies: number }>(
      'select created_at, count(*)::int as copies from drizzle.__drizzle_migrations group by created_at order by created_at',
    );
    expect(recorded.map((row) => [Number(row.created_at), row.copies])).toEqual(
      buildMigrations().map((migration) => [migration.when, 1]),
    );
    const [catalogue] = await query<{ parts: number }>('select count(*)::int as parts from parts');
    expect(catalogue?.parts).toBe(119);

    const get = (server: ServerProcess, path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);
    expect((await get(web, '/api/parts?limit=1')).status).toBe(200);
    expect((await get(all, '/api/parts?limit=1')).status).toBe(200);
    expect((await get(worker, '/api/parts?limit=1')).status).toBe(404);
    expect(await (await get(worker, '/readyz')).json()).toEqual({
      status: 'ready',
      checks: { accepting: 'ok', database: 'ok', schema: 'ok', searchIndex: 'skipped' },
    });
    expect(await (await get(web, '/livez')).json()).toEqual({ status: 'ok' });
    expect(web.output()).not.toContain('email delivery worker started');
    expect(worker.output()).toContain('email delivery worker started');

    expect(await Promise.all([web, worker, all].map((server) => server.stop()))).toEqual([0, 0, 0]);
  }, 300_000);

  it('on SIGTERM: /readyz answers 503 at once, requests are served until the delay ends, then the process exits 0', async () => {
    const web = await start('web', { SHUTDOWN_DELAY_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '5' });
    await waitForReady(web);
    const url = (path: string) => `http://127.0.0.1:${web.port}${path}`;
    const signalled = performance.now();
    web.child.kill('SIGTERM');
    const exited = web.exited.then((code) => ({ code, afterMs: performance.now() - signalled }));
    // The first probe after the signal (the signal arrives within a few milliseconds).
    let ready = await fetch(url('/readyz'));
    for (let tries = 0; ready.status === 200 && tries < 20; tries += 1) ready = await fetch(url('/readyz'));
    expect(performance.now() - signalled).toBeLessThan(1000);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 'SHUTTING_DOWN', checks: { accepting: 'failed' } });
    // Still serving while the load balancer takes it out.
    expect((await fetch(url('/api/parts?limit=2'))).status).toBe(200);
    const { code, afterMs } = await exited;
    expect(code).toBe(0);
    expect(afterMs).toBeGreaterThanOrEqual(2000);
    expect(afterMs).toBeLessThan(7000);
    expect(web.output()).toContain('drained: exiting');
  }, 60_000);

  it('on SIGINT (Ctrl-C at a terminal) drains without the delay', async () => {
    const web = await start('web', { SHUTDOWN_DELAY_SECONDS: '60' });
    await waitForReady(web);
    const signalled = performance.now();
    expect(await web.stop('SIGINT')).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
  }, 60_000);

  it('refuses to start, with a clear message and exit code 1, on a schema a newer build migrated', async () => {
    const latest = buildMigrations().at(-1)!;
    const newer = latest.when + 86_400_000;
    await query(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer-build', ${newer})`,
    );
    try {
      const web = await start('web');
      expect(await web.exited).toBe(1);
      expect(web.output()).toContain(
        `The database schema is newer than this build: it records 1 migration(s) this build does not ship (created_at ${newer}; this build's latest is ${latest.tag} at ${latest.when}).`,
      );
    } finally {
      await query(`delete from drizzle.__drizzle_migrations where created_at = ${newer}`);
    }
  }, 60_000);
});
