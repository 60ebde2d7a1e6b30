/**
 * Test helpers: a fresh, migrated database per test file (PGlite in memory by default; when
 * TEST_DATABASE_URL is set, a new database with a unique name on that PostgreSQL server, dropped at the end)
 * and the app built on it, for `app.inject`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { DEFAULT_SELLER_ADDRESS, type Config } from '../config.js';
import { createDatabase, type Database } from '../db/connect.js';
import { migrateDatabase, migrationsFolder } from '../db/migrate.js';
import type { SeedCatalog } from '../db/seed-data/types.js';
import { seedCatalog } from '../db/seed.js';

/** A configuration for tests: silent logs, no web app unless a dist folder is given, cache on, a random auth secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    host: '127.0.0.1',
    port: 0,
    dataDir: join(tmpdir(), 'partsforge-test-data'),
    databaseUrl: undefined,
    shopName: 'PartsForge',
    logLevel: 'silent',
    webDistDir: join(tmpdir(), 'partsforge-test-no-web-dist'),
    seedDemo: false,
    seedParts: undefined,
    catalogCacheTtlMs: 2000,
    catalogResultCacheMb: 32,
    catalogSearchIndex: true,
    dbStatementTimeoutMs: 10_000,
    dbPoolAcquireTimeoutMs: 5000,
    dbPoolSize: 10,
    writeLimits: true,
    orderHoldMinutes: 60,
    approvalHoldHours: 48,
    maxUnpaidOrders: 5,
    returnDays: 30,
    coreReturnDays: 90,
    taxRateBasisPoints: 0,
    shopTimeZone: 'America/Chicago',
    sellerAddress: [...DEFAULT_SELLER_ADDRESS],
    trustProxy: false,
    authSecret: randomBytes(32).toString('hex'),
    adminEmails: [],
    google: undefined,
    publicUrl: undefined,
    redisUrl: undefined,
    redisKeyPrefix: `partsforge-test-${process.pid}-${randomBytes(4).toString('hex')}:`,
    paymentProvider: 'sandbox',
    stripe: undefined,
    mail: {
      smtpUrl: undefined,
      from: 'PartsForge <no-reply@partsforge.test>',
      retryDelaySeconds: 1,
      pollIntervalSeconds: 0.5,
    },
    // Mail tests turn the delivery worker on; elsewhere queued messages stay in the outbox table.
    jobWorkers: false,
    metrics: { token: undefined, port: undefined },
    processRole: 'all',
    shutdown: { delaySeconds: 0, graceSeconds: 25 },
    ...overrides,
  };
}

export interface TestDatabase {
  database: Database;
  /** Closes the database (if still open) and drops it when it was created on PostgreSQL. */
  drop(): Promise<void>;
}

/**
 * A dump of a freshly migrated in-memory PGlite: starting from it takes a fraction of the time of initialising
 * and migrating a new cluster. Kept in memory per worker and on disk (os.tmpdir(), keyed by the migrations and
 * the PGlite version) across workers and runs; written atomically, so parallel workers cannot corrupt it.
 */
let pgliteTemplate: Promise<Blob> | undefined;

function templatePath(): string {
  // The package's exports hide its package.json; its version still decides whether a dump can be loaded.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const hash = createHash('sha256').update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  const folder = migrationsFolder();
  for (const name of readdirSync(folder).sort())
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(folder, name)));
  hash.update(readFileSync(join(folder, 'meta', '_journal.json')));
  return join(tmpdir(), `partsforge-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const path = templatePath();
    if (existsSync(path)) return new Blob([readFileSync(path)]);
    const database = await createDatabase({});
    try {
      await migrateDatabase(database);
      if (database.kind !== 'pglite') throw new Error('expected PGlite');
      const dump = await database.client.dumpDataDir('none');
      const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
      return dump;
    } finally {
      await database.close();
    }
  })();
  return pgliteTemplate;
}

/** Opens a fresh database and applies the migrations. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createDatabase({ pgliteSnapshot: await migratedPgliteTemplate() });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }

  const name = `partsforge_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export interface TestAppOptions {
  /** Catalogue to seed before building the app; none by default. */
  seed?: SeedCatalog;
  config?: Partial<Config>;
  logger?: FastifyBaseLogger;
  /** Reuse this database instead of creating one (the caller drops it). */
  database?: Database;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Closes the app, then drops the database it created. */
  close(): Promise<void>;
}

/** A fresh database (optionally seeded) and the app built on it. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const owned = options.database ? undefined : await createTestDatabase();
  const database = options.database ?? owned!.database;
  if (options.seed) await seedCatalog(database.db, options.seed);
  const config = testConfig(options.config);
  const app = await buildApp({ config, database, ...(options.logger ? { logger: options.logger } : {}) });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await owned?.drop();
    },
  };
}
