/**
 * Database connection (docs/design.md "Stack"): PostgreSQL through a node-postgres pool when DATABASE_URL is set,
 * otherwise the embedded PGlite (files in `${DATA_DIR}/pglite`, or in memory for tests). Both drivers are
 * exposed as one Drizzle type, `AppDatabase`, so repositories never know which one runs.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import {
  listenOnPglite,
  listenOnPostgres,
  type NotificationHandlers,
  type Subscription,
} from './notifications.js';
import * as schema from './schema/index.js';

/** The Drizzle schema object (all tables). */
export type Schema = typeof schema;

/** The Drizzle handle every repository uses, whichever driver is behind it. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw SQL query on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * `value`, an array parameter (`sql.param(...)` or `sql.placeholder(...)`), cast to `type` (e.g. `'uuid[]'`) and
 * read through a one-row subquery, so that the planner never sees how many elements it holds. A prepared statement
 * (queryRowsPrepared, Drizzle's `.prepare`) given it is planned once per connection and its generic plan kept from
 * the sixth run on. Given the array itself, PostgreSQL plans a statement afresh on every run whenever the array has
 * one element: its custom plan for one row always looks cheaper than a generic plan estimated for the default ten,
 * and a one-line order's statements cost more to plan than to run (docs/decisions/022 "Plans for one element").
 */
export function anyLengthArray(value: unknown, type: `${string}[]`): SQL {
  const cast = sql.raw(`::${type}`);
  return sql`((select ${value}${cast}))${cast}`;
}

/**
 * `column` (uuid) among the ids of the prepared statement's placeholder `ids`, one statement text for any number of
 * ids (anyLengthArray): `.where(idIn(parts.id)).prepare(name).execute({ ids })`.
 */
export function idIn(column: SQL | AnyColumn): SQL {
  return sql`${column} = any(${anyLengthArray(sql.placeholder('ids'), 'uuid[]')})`;
}

/** What queryRowsPrepared uses of Drizzle's handle (not in its public types; both drivers have it). */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/** Statement names handed out per `name`: past PREPARED_SHAPES_PER_NAME a name's texts run unprepared. */
const preparedShapes = new Map<string, Set<string>>();
const PREPARED_SHAPES_PER_NAME = 64;

/**
 * queryRows as a named prepared statement, for a hot statement whose text has few shapes (its values all
 * parameters, e.g. arrays instead of one placeholder per line): named `name` plus a hash of its text, so
 * node-postgres parses it once per pooled connection and PostgreSQL plans it once there (a custom plan for the first
 * five runs, then a generic one when that is no worse) instead of on every call (docs/decisions/022, a checkout's
 * statements spent a fifth of their database time being parsed and planned). A name whose texts come in more than
 * PREPARED_SHAPES_PER_NAME shapes (a value written into the text) runs its further shapes unprepared, so a
 * connection never accumulates statements. PGlite ignores the name.
 */
export async function queryRowsPrepared<T>(db: AppDatabase, name: string, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const statement = `${name}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
  let shapes = preparedShapes.get(name);
  if (!shapes) preparedShapes.set(name, (shapes = new Set()));
  if (!shapes.has(statement) && shapes.size < PREPARED_SHAPES_PER_NAME) shapes.add(statement);
  const prepared = session.prepareQuery(
    built,
    undefined,
    shapes.has(statement) ? statement : undefined,
    false,
  );
  return ((await prepared.execute()) as { rows: T[] }).rows;
}

interface DatabaseHandle {
  db: AppDatabase;
  /** Resolves when a trivial query succeeds within PING_TIMEOUT_MS; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Closes its subscriptions, then the pool, or shuts PGlite down cleanly (its data directory stays valid).
   * Idempotent.
   */
  close(): Promise<void>;
  /** Subscribes to NOTIFY on `channel` (db/notifications.ts); close the subscription before the database. */
  listen(channel: string, handlers: NotificationHandlers): Promise<Subscription>;
}

/** An open database: the Drizzle handle plus the driver's own client (for the migrator). */
export type Database = DatabaseHandle &
  ({ kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool });

/** Where createDatabase connects: PostgreSQL URL, PGlite folder, or neither (PGlite in memory). */
export interface DatabaseOptions {
  /** PostgreSQL connection string; takes precedence over dataDir. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files (`${dataDir}/pglite`); when unset (and no URL) PGlite runs in memory. */
  dataDir?: string | undefined;
  /** Receives errors of idle pooled connections (e.g. the server restarting) instead of crashing. */
  onPoolError?: (error: Error) => void;
  /** Starts PGlite from this data-directory dump (PGlite's dumpDataDir) instead of an empty cluster. */
  pgliteSnapshot?: Blob | undefined;
  /**
   * PostgreSQL only: longest a statement may run in milliseconds (the server's statement_timeout; 0 or unset:
   * no limit). A statement past it fails with SQLSTATE 57014 and its transaction rolls back.
   */
  statementTimeoutMs?: number | undefined;
  /** PostgreSQL only: most connections the pool keeps open (default 10). */
  poolSize?: number | undefined;
  /** PostgreSQL only: longest a query waits for a pooled connection, in milliseconds (default 5000). */
  poolAcquireTimeoutMs?: number | undefined;
}

const PING_TIMEOUT_MS = 2000;

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps a database's open subscriptions, so that closing the database closes them first. */
function subscriptionsOf(open: Database['listen']) {
  const live = new Set<Subscription>();
  return {
    listen: async (channel: string, handlers: NotificationHandlers): Promise<Subscription> => {
      const subscription = await open(channel, handlers);
      const tracked: Subscription = {
        close: async () => {
          live.delete(tracked);
          await subscription.close();
        },
      };
      live.add(tracked);
      return tracked;
    },
    closeAll: async () => {
      await Promise.all([...live].map((subscription) => subscription.close()));
    },
  };
}

/**
 * Opens the configured database. PGlite is ready when this resolves; a PostgreSQL pool connects lazily
 * (use ping() to check it). Throws when PGlite cannot open its data directory.
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const { databaseUrl } = options;
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.poolAcquireTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    pool.on('error', (error) => options.onPoolError?.(error));
    const db: AppDatabase = drizzleNodePg(pool, { schema });
    const subscriptions = subscriptionsOf((channel, handlers) =>
      listenOnPostgres(databaseUrl, channel, handlers),
    );
    let closed: Promise<void> | undefined;
    return {
      kind: 'postgres',
      client: pool,
      db,
      ping: async () => {
        await withTimeout(db.execute(sql`select 1`), PING_TIMEOUT_MS, 'Database ping');
      },
      close: () => (closed ??= subscriptions.closeAll().then(() => pool.end())),
      listen: subscriptions.listen,
    };
  }

  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite({
    // pg_trgm: the catalogue search's trigram indexes (migration 0001, docs/decisions/005-catalogue-search.md).
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  await client.waitReady;
  const db: AppDatabase = drizzlePglite(client, { schema });
  const subscriptions = subscriptionsOf((channel, handlers) => listenOnPglite(client, channel, handlers));
  let closed: Promise<void> | undefined;
  return {
    kind: 'pglite',
    client,
    db,
    ping: async () => {
      await withTimeout(db.execute(sql`select 1`), PING_TIMEOUT_MS, 'Database ping');
    },
    close: () =>
      (closed ??= subscriptions.closeAll().then(() => (client.closed ? undefined : client.close()))),
    listen: subscriptions.listen,
  };
}
