/**
 * The durable job queue (docs/requirements.md §13, docs/decisions/021-email-and-job-queue.md): pg-boss 10, keeping
 * its jobs in the `pgboss` schema of the shop's own database, on PostgreSQL and on the embedded PGlite alike. pg-boss
 * reaches the database through a small adapter (`executeSql`) over the driver the shop already opened, so there is
 * one code path and no second connection pool. `enqueue` writes a job inside the caller's transaction: the job
 * exists exactly when the change that causes it commits.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppDatabase, Database } from '../db/connect.js';

/** A queue the shop declares, with its retry policy (seconds). */
export interface QueueDefinition {
  name: string;
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled on each next one when `retryBackoff` (pg-boss's exponential backoff). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job still active after this many seconds (its worker crashed) is failed and retried. */
  expireInSeconds: number;
}

/** One job handed to a worker: its id, its data and how many times it was retried before. */
export interface QueuedJob<T> {
  id: string;
  data: T;
}

/** Turns `text` with $1..$n placeholders and its values into one Drizzle SQL, so it runs on any Drizzle handle. */
function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  return sql.join(
    pieces.map((piece, index) =>
      index % 2 === 0 ? sql.raw(piece) : sql.param(values[Number(piece) - 1] ?? null),
    ),
    sql.raw(''),
  );
}

/** pg-boss's database adapter on a Drizzle handle or transaction (statements with parameters). */
function drizzleAdapter(db: AppDatabase): PgBoss.Db {
  return {
    executeSql: async (text, values = []) =>
      (await db.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] } as {
        rows: never[];
      },
  };
}

/**
 * pg-boss's adapter on the open database: statements with parameters through Drizzle; scripts without parameters
 * (pg-boss's installation and maintenance, several statements in one text) through the driver's simple query.
 */
function databaseAdapter(database: Database): PgBoss.Db {
  const withParameters = drizzleAdapter(database.db);
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return withParameters.executeSql(text, values);
      if (database.kind === 'postgres') return database.client.query(text);
      const results = await database.client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] } as { rows: never[] };
    },
  };
}

/** The queue: enqueue in a transaction, run workers, stop. */
export interface JobQueue {
  /**
   * Adds a job to queue `name` inside transaction `tx` (it exists once `tx` commits, and never if it rolls back).
   * Returns the job id. Throws when the queue was not declared.
   */
  enqueue(tx: AppDatabase, name: string, data: object): Promise<string>;
  /**
   * Runs `handler` for each job of `name`, one at a time, polling every `pollingIntervalSeconds`. A handler that
   * throws fails the attempt: the job is retried by the queue's policy. Call after start().
   */
  work<T>(name: string, handler: (job: QueuedJob<T>) => Promise<void>): Promise<void>;
  /** Starts pg-boss's maintenance (expiring jobs of crashed workers) and lets workers run. */
  start(): Promise<void>;
  /** Stops the workers (waiting up to `timeoutMs` for running jobs) and the maintenance. Idempotent. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  queues: readonly QueueDefinition[];
  logger: FastifyBaseLogger;
  /** Seconds between a worker's polls (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /** Seconds between maintenance runs, which retry the jobs of crashed workers. */
  maintenanceIntervalSeconds: number;
}

function bossOptions(adapter: PgBoss.Db, maintenanceIntervalSeconds = 120): PgBoss.ConstructorOptions {
  return {
    db: adapter,
    migrate: true,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds,
    // Delivered jobs are kept a week for inspection, then deleted.
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
  };
}

/**
 * The shop's queues, by name. Each is created when the schema is installed; its retry policy is given with each job
 * (QueueDefinition), so configuration can change it without a migration.
 */
export const SHOP_QUEUES = {
  /** Delivers one row of the email outbox (modules/mail). */
  mailDelivery: 'mail-delivery',
} as const;

/**
 * Installs or upgrades pg-boss's schema and creates SHOP_QUEUES (idempotent). Runs with the migrations
 * (db/migrate.ts), so every process, test database and snapshot has them before any request enqueues.
 */
export async function installJobQueue(database: Database): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(databaseAdapter(database)), supervise: false });
  await boss.start();
  try {
    for (const name of Object.values(SHOP_QUEUES)) await boss.createQueue(name, { name });
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}

/** Creates the queue on an open, migrated database (installJobQueue ran). Nothing runs until start(). */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const declared = new Set(options.queues.map((queue) => queue.name));
  const boss = new PgBoss(bossOptions(databaseAdapter(options.database), options.maintenanceIntervalSeconds));
  boss.on('error', (error: Error) => options.logger.error({ err: error }, 'job queue error'));
  let started: Promise<void> | undefined;
  let stopped: Promise<void> | undefined;
  return {
    enqueue: async (tx, name, data) => {
      if (!declared.has(name)) throw new Error(`Job queue "${name}" is not declared`);
      const queue = options.queues.find((definition) => definition.name === name)!;
      const id = await boss.send(name, data, {
        db: drizzleAdapter(tx),
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: queue.retryBackoff,
        expireInSeconds: queue.expireInSeconds,
      });
      if (!id) throw new Error(`Job queue "${name}" is not installed (run installJobQueue)`);
      return id;
    },
    work: async <T>(name: string, handler: (job: QueuedJob<T>) => Promise<void>) => {
      await boss.work<T>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1 },
        async ([job]) => {
          if (job) await handler({ id: job.id, data: job.data });
        },
      );
    },
    start: () => (started ??= boss.start().then(() => undefined)),
    stop: (timeoutMs = 10_000) =>
      (stopped ??= (async () => {
        if (!started) return;
        await started.catch(() => undefined);
        await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
      })()),
  };
}
