/**
 * Probes (docs/operations.md "Processes, probes and drain"; docs/design.md "API"). GET /livez answers 200 while the
 * process runs, with no I/O. GET /readyz answers 200 when every check passes and 503 `{ message, code, checks }`
 * naming the first failing one otherwise: the process is not draining (SIGTERM), the database answers within
 * READY_DATABASE_TIMEOUT_MS, its schema is at this build's latest migration, and (processes serving HTTP) the
 * catalogue search index's first build ended (docs/decisions/016-in-process-search-index.md). GET /api/health and
 * GET /api/ready are the older names of the same probes and keep their bodies: `{ status }`, or `{ message, code }`.
 * /livez and /readyz, polled by load balancers, write no request log lines; a failed database check logs a warning.
 */
import { apiErrorCodes, apiErrorSchema, messages } from '@partsforge/shared';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProcessRole } from '../../config.js';
import { appliedMigrations, buildMigrations } from '../../db/migrate.js';

/** Longest /readyz waits for the database, in milliseconds (docs/operations.md). */
export const READY_DATABASE_TIMEOUT_MS = 1000;

const checkState = z.enum(['ok', 'failed', 'skipped']);
/** The checks of /readyz, in the order the first failing one is reported. */
const checksSchema = z.object({
  accepting: checkState,
  database: checkState,
  schema: checkState,
  searchIndex: checkState,
});
type Checks = z.infer<typeof checksSchema>;

/** The probes' state that main.ts drives. */
export interface Probes {
  /** True once beginDrain() was called: /readyz answers 503 SHUTTING_DOWN from then on. */
  readonly draining: boolean;
  /** Marks the process as draining (SIGTERM). Idempotent. */
  beginDrain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness state of this process (modules/health). */
    probes: Probes;
  }
}

export interface HealthPluginOptions {
  /** PROCESS_ROLE: a worker does not check the search index, which it does not build. */
  role: ProcessRole;
}

interface Readiness {
  checks: Checks;
  failure?: { message: string; code: string; retryAfter?: string };
}

/** Rejects after `ms` milliseconds unless `promise` settles first. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The migrations `app`'s database records, read by one query at a time: probes that arrive while one is running
 * share it, so a stalled database holds at most one pooled connection for the probes.
 */
function migrationsReader(app: FastifyInstance): () => Promise<number[]> {
  let running: Promise<number[]> | undefined;
  return () =>
    (running ??= appliedMigrations(app.database.db).finally(() => {
      running = undefined;
    }));
}

async function readiness(
  app: FastifyInstance,
  role: ProcessRole,
  draining: boolean,
  readMigrations: () => Promise<number[]>,
): Promise<Readiness> {
  const latest = buildMigrations().at(-1)!;
  const checks: Checks = {
    accepting: draining ? 'failed' : 'ok',
    database: 'ok',
    schema: 'ok',
    searchIndex: role === 'worker' ? 'skipped' : app.catalog.warmingUp ? 'failed' : 'ok',
  };
  let applied: number | undefined;
  try {
    applied = (await within(readMigrations(), READY_DATABASE_TIMEOUT_MS)).at(-1);
    if (applied !== latest.when) checks.schema = 'failed';
  } catch (error) {
    app.log.warn({ err: error }, 'readiness check: the database did not answer');
    checks.database = 'failed';
    checks.schema = 'skipped';
  }
  if (draining)
    return {
      checks,
      failure: { message: messages.errors.shuttingDown, code: apiErrorCodes.shuttingDown },
    };
  if (checks.database === 'failed')
    return {
      checks,
      failure: { message: messages.errors.databaseUnavailable, code: apiErrorCodes.databaseUnavailable },
    };
  if (checks.schema === 'failed')
    return {
      checks,
      failure: {
        message: messages.errors.schemaMismatch(applied ?? null, latest.when),
        code: apiErrorCodes.schemaMismatch,
      },
    };
  if (checks.searchIndex === 'failed')
    return {
      checks,
      failure: { message: messages.errors.warmingUp, code: apiErrorCodes.warmingUp, retryAfter: '1' },
    };
  return { checks };
}

function failed(reply: FastifyReply, failure: NonNullable<Readiness['failure']>) {
  reply.code(503);
  if (failure.retryAfter) reply.header('retry-after', failure.retryAfter);
  return reply;
}

const routes: FastifyPluginAsyncZod<HealthPluginOptions & { state: { draining: boolean } }> = async (
  app,
  { role, state },
) => {
  const readMigrations = migrationsReader(app);
  const live = { status: z.literal('ok') };
  for (const [url, summary] of [
    ['/livez', 'Liveness: the process runs (no I/O)'],
    ['/api/health', 'Liveness (older name of /livez)'],
  ] as const)
    app.get(
      url,
      {
        // A load balancer asks every second or so: /livez and /readyz write no request log lines.
        ...(url === '/livez' ? { logLevel: 'silent' as const } : {}),
        schema: { tags: ['health'], summary, response: { 200: z.object(live) } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );

  app.get(
    '/readyz',
    {
      logLevel: 'silent',
      schema: {
        tags: ['health'],
        summary: 'Readiness: not draining, database answers within 1 s, schema current, search index built',
        response: {
          200: z.object({ status: z.literal('ready'), checks: checksSchema }),
          503: apiErrorSchema.extend({ checks: checksSchema }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { checks, failure } = await readiness(app, role, state.draining, readMigrations);
      if (!failure) return { status: 'ready' as const, checks };
      return failed(reply, failure).send({ message: failure.message, code: failure.code, checks });
    },
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness (older name of /readyz, without the checks)',
        response: { 200: z.object({ status: z.literal('ready') }), 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { failure } = await readiness(app, role, state.draining, readMigrations);
      if (!failure) return { status: 'ready' as const };
      return failed(reply, failure).send({ message: failure.message, code: failure.code });
    },
  );
};

/**
 * Registers `app.probes` and the probe routes at their full paths (/livez, /readyz, /api/health, /api/ready), in
 * every PROCESS_ROLE.
 */
export const healthPlugin = fp<HealthPluginOptions>(
  async (app, { role }) => {
    const state = { draining: false };
    app.decorate<Probes>('probes', {
      get draining() {
        return state.draining;
      },
      beginDrain() {
        state.draining = true;
      },
    });
    await app.register(routes, { role, state });
  },
  { name: 'health', dependencies: ['catalog'] },
);
