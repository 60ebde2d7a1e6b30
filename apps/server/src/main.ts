/**
 * Process entry point (`npm start` runs the bundle, `npm run dev` this file under tsx): loads the config
 * (the environment, plus `.env` in the working directory if present), opens and migrates the database, seeds
 * the demo catalogue into an empty one (SEED_DEMO, SEED_PARTS), builds the app and listens on HOST:PORT. SIGINT/SIGTERM
 * (and uncaught errors) close Fastify, then the database, so PGlite's data directory stays valid.
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { configWarnings, ConfigError, loadConfig, loadDotEnv, type Config } from './config.js';
import { createDatabase, type Database } from './db/connect.js';
import { migrateDatabase } from './db/migrate.js';
import { seedDemoCatalog } from './db/seed.js';
import { seedVehicles } from './modules/vehicles/index.js';
import { createLogger } from './lib/logger.js';

/** Milliseconds allowed for a graceful shutdown before the process exits anyway. */
const SHUTDOWN_DELAY_MS = 10_000;

function readConfig(): Config {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function start(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  for (const warning of configWarnings(config)) logger.warn(warning);
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  // Registered first so a signal during migration or seeding also closes the database cleanly.
  const shutdown = closeWithGrace({ delay: SHUTDOWN_DELAY_MS }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an uncaught error');
    else logger.info({ signal }, 'shutting down');
    await app?.close();
    await database?.close();
  });
  try {
    database = await createDatabase({
      ...config,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      poolAcquireTimeoutMs: config.dbPoolAcquireTimeoutMs,
      poolSize: config.dbPoolSize,
      onPoolError: (error) => logger.warn({ err: error }, 'idle database connection failed'),
    });
    logger.info(
      { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
      'database opened',
    );
    await migrateDatabase(database);
    if (config.seedDemo) {
      const seeded = await seedDemoCatalog(database.db, config.seedParts);
      if (seeded.seeded) logger.info({ seeded }, 'demo catalogue seeded into the empty database');
      const vehicleCount = await seedVehicles(database.db);
      if (vehicleCount > 0) logger.info({ vehicles: vehicleCount }, 'vehicles loaded from the vPIC data');
    }
    app = await buildApp({ config, database, logger });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    process.exitCode = 1;
    shutdown.uninstall();
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
  }
}

await start();
