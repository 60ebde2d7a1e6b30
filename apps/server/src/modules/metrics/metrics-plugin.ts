/**
 * Prometheus metrics (docs/operations.md "Metrics and logs", docs/decisions/026-metrics-and-logs.md): GET /metrics in
 * the Prometheus text format, served with METRICS_TOKEN as a bearer token on the app's own port, or on a listener of
 * its own at METRICS_PORT (with the token too when both are set); otherwise /metrics is a 404. Per request it only
 * records the duration histogram (by route pattern, method and status: request-durations.ts); the database pool,
 * the job queues and the search index are read when Prometheus scrapes. The counters of orders, payments, mail and
 * failed statements live in lib/metrics.ts and are served alongside.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import type { Config } from '../../config.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/http-errors.js';
import { watchStatements } from '../../db/statement-observer.js';
import { enableProcessMetrics, processRegistry, shopMetrics, type QueueStats } from '../../lib/metrics.js';
import { outboxQueueStats } from '../mail/index.js';
import { expiredHoldQueueStats } from '../orders/index.js';
import { RequestDurations } from './request-durations.js';

/** The path Prometheus scrapes, on the app's port and on METRICS_PORT. */
export const METRICS_PATH = '/metrics';

/** The routes whose errors count as refused checkouts, with their `route` label. */
const CHECKOUT_ROUTES: ReadonlyMap<string, string> = new Map([
  ['POST /api/order', 'order'],
  ['POST /api/checkout', 'checkout'],
]);

/** Search index states, each a series of partsforge_search_index_state (1 for the current one). */
const INDEX_STATES = ['off', 'warming_up', 'current', 'stale'] as const;

export interface MetricsPluginOptions {
  config: Pick<Config, 'metrics' | 'host' | 'orderHoldMinutes'>;
}

/** An error's API code as a bounded label value: the code when it looks like one, else `HTTP_<status>`. */
function reasonOf(error: { code?: unknown; statusCode?: unknown }): string {
  if (typeof error.code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(error.code)) return error.code;
  return `HTTP_${typeof error.statusCode === 'number' ? error.statusCode : 500}`;
}

/** The digest of a token, so that tokens of any length compare in constant time. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `authorization` carries `Bearer <token>`: 'ok', 'missing' (no bearer credentials: 401) or 'wrong' (403).
 * Compared in constant time.
 */
export function checkBearer(authorization: string | undefined, token: string): 'ok' | 'missing' | 'wrong' {
  const given = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!given) return 'missing';
  return timingSafeEqual(digest(given), digest(token)) ? 'ok' : 'wrong';
}

/** The app's gauges and histogram in a registry of its own (one app per process in production; tests build several). */
function createAppRegistry(app: FastifyInstance, holdMinutes: number) {
  const registry = new Registry();
  const requests = new RequestDurations(registry);

  const { database } = app;
  const statements = watchStatements(database, {
    failed: (code) => shopMetrics.dbStatementErrors.inc({ code: code ?? 'unknown' }),
  });
  new Gauge({
    name: 'partsforge_db_statements_in_flight',
    help: 'Database statements started and not yet finished (running or waiting for a connection)',
    registers: [registry],
    collect() {
      this.set(statements.inFlight);
    },
  });
  if (database.kind === 'postgres') {
    const pool = database.client;
    new Gauge({
      name: 'partsforge_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'partsforge_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'partsforge_db_pool_max',
      help: 'Most connections the PostgreSQL pool opens (DB_POOL_SIZE)',
      registers: [registry],
      collect() {
        this.set(pool.options.max);
      },
    });
  }

  const queues: Record<string, () => Promise<QueueStats>> = {
    mail: () => outboxQueueStats(database.db),
    order_holds: () => expiredHoldQueueStats(database.db, holdMinutes),
  };
  /** Reads every queue once per scrape (both gauges' collects share it); a failed read leaves its queue out. */
  let reading: Promise<Map<string, QueueStats>> | undefined;
  const readQueues = () =>
    (reading ??= (async () => {
      const stats = new Map<string, QueueStats>();
      await Promise.all(
        Object.entries(queues).map(async ([queue, read]) => {
          try {
            stats.set(queue, await read());
          } catch (error) {
            app.log.warn({ err: error, queue }, 'metrics: could not read a job queue');
          }
        }),
      );
      return stats;
    })().finally(() => (reading = undefined)));
  const queueGauges = [
    {
      name: 'partsforge_job_queue_depth',
      help: 'Jobs waiting, by queue (mail: unsent emails; order_holds: unpaid orders past their hold, not yet expired)',
      value: (stats: QueueStats) => stats.depth,
    },
    {
      name: 'partsforge_job_queue_oldest_age_seconds',
      help: 'Seconds the oldest waiting job has waited, by queue (0 when the queue is empty)',
      value: (stats: QueueStats) => stats.oldestAgeSeconds,
    },
  ];
  for (const { name, help, value } of queueGauges)
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const stats = await readQueues();
        this.reset();
        for (const [queue, each] of stats) this.set({ queue }, value(each));
      },
    });

  new Gauge({
    name: 'partsforge_search_index_state',
    help: 'The catalogue search index state: 1 for the current state (off, warming_up, current, stale), 0 otherwise',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { state } = app.catalog.searchIndexState;
      for (const each of INDEX_STATES) this.set({ state: each }, each === state ? 1 : 0);
    },
  });
  new Gauge({
    name: 'partsforge_search_index_parts',
    help: 'Parts in the search index that answers searches (0 when none answers)',
    registers: [registry],
    collect() {
      this.set(app.catalog.searchIndexParts ?? 0);
    },
  });
  new Gauge({
    name: 'partsforge_search_index_age_seconds',
    help: 'Seconds since the search index that answers searches was built (absent when none answers)',
    registers: [registry],
    collect() {
      this.reset();
      const { builtAt } = app.catalog.searchIndexState;
      if (builtAt !== undefined) this.set((Date.now() - builtAt) / 1000);
    },
  });
  return { registry, requests };
}

/** The scrape's body: the process's counters and Node metrics, then the app's. */
async function exposition(registry: Registry): Promise<string> {
  const [own, app] = await Promise.all([processRegistry.metrics(), registry.metrics()]);
  return `${own.trimEnd()}\n${app.trimEnd()}\n`;
}

/** Answers a scrape on the METRICS_PORT listener: 404 off the path, 401/403 without the token when one is set. */
async function answerScrape(
  request: IncomingMessage,
  token: string | undefined,
  registry: Registry,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const path = (request.url ?? '').split('?')[0];
  if (request.method !== 'GET' || path !== METRICS_PATH)
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not found\n' };
  const check = token ? checkBearer(request.headers.authorization, token) : 'ok';
  if (check !== 'ok')
    return {
      status: check === 'missing' ? 401 : 403,
      headers: { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' },
      body: check === 'missing' ? 'Unauthorized\n' : 'Forbidden\n',
    };
  return {
    status: 200,
    headers: { 'content-type': registry.contentType },
    body: await exposition(registry),
  };
}

/** Starts the METRICS_PORT listener on `host`; resolves once it listens. */
async function listenForScrapes(
  host: string,
  port: number,
  token: string | undefined,
  registry: Registry,
  app: FastifyInstance,
): Promise<Server> {
  const server = createServer((request, response) => {
    answerScrape(request, token, registry).then(
      ({ status, headers, body }) => response.writeHead(status, headers).end(body),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_PORT listener's address once it listens (tests and logs); null when there is none. */
    metricsAddress: { host: string; port: number } | null;
  }
}

/** Registers GET /metrics, the request histogram hook and, with METRICS_PORT, the metrics listener. */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { config }) => {
    const { token, port } = config.metrics;
    app.decorate('metricsAddress', null);
    if (!token && port === undefined) {
      app.get(METRICS_PATH, { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
      return;
    }
    enableProcessMetrics();
    const { registry, requests } = createAppRegistry(app, config.orderHoldMinutes);

    app.addHook('onResponse', (request, reply, done) => {
      requests.record(
        request.routeOptions.url ?? 'unmatched',
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.addHook('onError', (request, _reply, error, done) => {
      const route = CHECKOUT_ROUTES.get(`${request.method} ${request.routeOptions.url}`);
      if (route) shopMetrics.checkoutsRefused.inc({ route, reason: reasonOf(error) });
      done();
    });

    if (port === undefined) {
      app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
        const check = checkBearer(request.headers.authorization, token!);
        if (check !== 'ok') {
          reply.header('www-authenticate', 'Bearer');
          throw check === 'missing' ? new UnauthorizedError() : new ForbiddenError();
        }
        return reply.type(registry.contentType).send(await exposition(registry));
      });
      return;
    }

    // The app's own port does not serve metrics when they have a listener of their own.
    app.get(METRICS_PATH, { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = await listenForScrapes(config.host, port, token, registry, app);
      const address = server.address();
      if (address && typeof address === 'object') {
        app.metricsAddress = { host: config.host, port: address.port };
        app.log.info(
          { metrics: `http://${config.host}:${address.port}${METRICS_PATH}` },
          'metrics listening',
        );
      }
    });
    app.addHook('onClose', async () => {
      if (!server) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['catalog'] },
);
