/**
 * A rolling restart under load loses no request (docs/operations.md "Processes, probes and drain"): two web processes
 * of the built server (`node apps/server/dist/main.js`, production settings, default SHUTDOWN_DELAY_SECONDS and
 * SHUTDOWN_GRACE_SECONDS) on a new PostgreSQL database behind HAProxy (Debian's haproxy), which health-checks
 * GET /readyz. While clients read the catalogue and place orders through HAProxy without pause, each process in turn
 * gets SIGTERM, must exit 0, is started again and waits until HAProxy sees it up; then every request must have
 * succeeded, and every order placed must exist once.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from './postgres-database.js';
import {
  ensureServerBuilt,
  freePort,
  startServer,
  waitForReady,
  type ServerProcess,
} from './server-process.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Concurrent clients reading `GET /api/parts` and placing orders with `POST /api/order`, each without pause. */
const READERS = 6;
const ORDERERS = 2;

let database: EmptyPostgresDatabase;
let workDir: string;
let haproxy: ChildProcess | undefined;
let haproxyOutput = '';
let statsSocket: string;
let frontPort: number;
const servers: ServerProcess[] = [];

function haproxyBinary(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('haproxy is not installed: apt-get install -y haproxy (.ci/run installs it)');
  }
}

/** HAProxy's view of the web servers, from its stats socket: name -> status (UP, DOWN, ...). */
async function serverStates(): Promise<Record<string, string>> {
  const csv = await new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = createConnection(statsSocket, () => socket.end('show stat\n'));
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  const states: Record<string, string> = {};
  for (const line of csv.split('\n')) {
    const [proxy, name, ...fields] = line.split(',');
    if (proxy === 'web' && name?.startsWith('web')) states[name] = fields[15] ?? '';
  }
  return states;
}

async function waitForHaproxy(name: string, status: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await serverStates())[name]?.startsWith(status)) return;
    await sleep(100);
  }
  throw new Error(`HAProxy did not see ${name} ${status}: ${JSON.stringify(await serverStates())}`);
}

const envOf = (port: number) => ({
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  DATA_DIR: join(workDir, `data-${port}`),
  AUTH_SECRET: 'a1'.repeat(32),
  PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
  PUBLIC_URL: 'http://shop.test',
  PROCESS_ROLE: 'web',
  LOG_LEVEL: 'warn',
  WRITE_LIMITS: 'false',
  MAX_UNPAID_ORDERS: '1000000',
});

interface Tally {
  sent: number;
  failed: number;
  failures: string[];
  orders: string[];
}

describe.skipIf(!onPostgres)('a rolling restart behind HAProxy', () => {
  beforeAll(async () => {
    const binary = haproxyBinary();
    await ensureServerBuilt();
    database = await createEmptyPostgresDatabase('rolling');
    workDir = mkdtempSync(join(tmpdir(), 'partsforge-rolling-'));
    const ports = [await freePort(), await freePort()];
    // The first process migrates and seeds the new database alone; the second starts on it.
    for (const port of ports) {
      const server = startServer(port, envOf(port));
      servers.push(server);
      await waitForReady(server, 120_000);
    }
    frontPort = await freePort();
    statsSocket = join(workDir, 'haproxy.sock');
    const config = join(workDir, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        `  stats socket ${statsSocket} mode 600 level admin`,
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 30s',
        '  timeout check 5s',
        // Retried only when the connection to a server fails: a request that reached one is never sent twice.
        '  retries 3',
        '  option redispatch',
        'frontend shop',
        `  bind 127.0.0.1:${frontPort}`,
        '  default_backend web',
        'backend web',
        '  balance roundrobin',
        '  option httpchk GET /readyz',
        '  http-check expect status 200',
        '  default-server check inter 500ms fall 2 rise 2',
        ...ports.map((port, index) => `  server web${index + 1} 127.0.0.1:${port}`),
        '',
      ].join('\n'),
    );
    haproxy = spawn(binary, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    haproxy.stdout?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    await sleep(300);
    await waitForHaproxy('web1', 'UP');
    await waitForHaproxy('web2', 'UP');
  }, 240_000);

  afterAll(async () => {
    haproxy?.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await database?.drop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('restarts both web processes one after the other under load with 0 failed requests', async () => {
    const front = `http://127.0.0.1:${frontPort}`;
    // A customer with an access token, and a part with stock for every order of the run.
    const email = `rolling-${Date.now()}@example.com`;
    const signUp = await fetch(`${front}/api/auth/sign-up/email`, {
      method: 'POST',
      // Better Auth checks the Origin of cookie requests against PUBLIC_URL.
      headers: { 'content-type': 'application/json', origin: 'http://shop.test' },
      body: JSON.stringify({ name: 'Rolling Restart', email, password: 'correct-horse-battery' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const tokenResponse = await fetch(`${front}/api/user/${encodeURIComponent(email)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'http://shop.test', cookie },
      body: JSON.stringify({ email }),
    });
    expect(tokenResponse.status).toBe(200);
    const { token } = (await tokenResponse.json()) as { token: string };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let partId: string;
    try {
      // A stock change needs its reason (migration 0022's trigger), set for the transaction.
      await client.query('begin');
      await client.query(
        "select set_config('partsforge.stock_reason', 'admin_adjustment', true), set_config('partsforge.stock_note', 'rolling restart test', true)",
      );
      partId = (
        await client.query<{ id: string }>(
          'update parts set available = 1000000, minqty = 1, pack_size = 1 where id = (select id from parts order by sku limit 1) returning id',
        )
      ).rows[0]!.id;
      await client.query('commit');
    } finally {
      await client.end();
    }

    const tally: Tally = { sent: 0, failed: 0, failures: [], orders: [] };
    let running = true;
    const loop = async (
      request: () => Promise<Response>,
      expected: number,
      onOk?: (body: unknown) => void,
    ) => {
      while (running) {
        tally.sent += 1;
        try {
          const response = await request();
          const body = await response.text();
          if (response.status === expected) onOk?.(JSON.parse(body));
          else {
            tally.failed += 1;
            tally.failures.push(`${response.status} ${body.slice(0, 200)}`);
          }
        } catch (error) {
          tally.failed += 1;
          tally.failures.push(String(error));
        }
      }
    };
    const read = () => fetch(`${front}/api/parts?limit=12`);
    const order = () =>
      fetch(`${front}/api/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ productId: partId, quantity: 1, address: '1 Depot Road', phone: '555-0100' }),
      });
    const clients = [
      ...Array.from({ length: READERS }, () => loop(read, 200)),
      ...Array.from({ length: ORDERERS }, () =>
        loop(order, 201, (body) => tally.orders.push((body as { insertedId: string }).insertedId)),
      ),
    ];

    const started = performance.now();
    const restarts: { name: string; exitCode: number | null; drainMs: number; backUpMs: number }[] = [];
    await sleep(2000);
    for (const [index, name] of ['web1', 'web2'].entries()) {
      const old = servers[index]!;
      const signalled = performance.now();
      const exitCode = await old.stop('SIGTERM');
      const drainMs = performance.now() - signalled;
      const fresh = startServer(old.port, envOf(old.port));
      servers[index] = fresh;
      await waitForReady(fresh, 120_000);
      await waitForHaproxy(name, 'UP');
      restarts.push({ name, exitCode, drainMs, backUpMs: performance.now() - signalled });
      expect(exitCode, old.output()).toBe(0);
    }
    await sleep(2000);
    running = false;
    await Promise.all(clients);
    const seconds = (performance.now() - started) / 1000;

    const client2 = new pg.Client({ connectionString: database.url });
    await client2.connect();
    let stored: number;
    try {
      stored = (
        await client2.query<{ n: number }>(
          'select count(*)::int as n from orders where id = any($1::uuid[])',
          [tally.orders],
        )
      ).rows[0]!.n;
    } finally {
      await client2.end();
    }
    // The figure docs/operations.md quotes.
    process.stdout.write(
      `rolling restart: ${tally.sent} requests in ${seconds.toFixed(1)} s (${(tally.sent / seconds).toFixed(0)}/s; ` +
        `${READERS} readers of GET /api/parts, ${ORDERERS} clients of POST /api/order, ${tally.orders.length} orders placed), ` +
        `${tally.failed} failed; restarts: ${restarts
          .map(
            (restart) =>
              `${restart.name} exit ${restart.exitCode} after ${(restart.drainMs / 1000).toFixed(1)} s, up again after ${(restart.backUpMs / 1000).toFixed(1)} s`,
          )
          .join('; ')}\n`,
    );
    expect(tally.failures.slice(0, 5), haproxyOutput).toEqual([]);
    expect(tally.failed).toBe(0);
    expect(tally.sent).toBeGreaterThan(500);
    expect(tally.orders.length).toBeGreaterThan(50);
    expect(stored).toBe(tally.orders.length);
    expect(new Set(tally.orders).size).toBe(tally.orders.length);
  }, 300_000);
});
