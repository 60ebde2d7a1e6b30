/**
 * Process entry point (`npm start` runs the bundle, `npm run dev` this file under tsx): loads the config
 * (the environment, plus `.env` in the working directory if present), opens and migrates the database, seeds
 * the demo catalogue into an empty one (SEED_DEMO, SEED_PARTS), builds the app for its PROCESS_ROLE and listens on
 * HOST:PORT (a worker answers only its probes there). SIGTERM drains it (docs/operations.md "Processes, probes and
 * drain"): /readyz answers 503 at once, the listener closes SHUTDOWN_DELAY_SECONDS later (web and all), requests
 * in flight and running jobs get SHUTDOWN_GRACE_SECONDS to finish, then the database closes (PGlite's data directory
 * stays valid) and the process exits 0, or 1 when the grace ran out. SIGINT (Ctrl-C) does the same without the delay;
 * an uncaught error closes at once and exits 1.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { configWarnings, ConfigError, loadConfig, loadDotEnv, type Config } from './config.js';
import { createDatabase, type Database } from './db/connect.js';
import { migrateDatabase, SchemaNewerThanBuildError } from './db/migrate.js';
import { seedDemoCatalog } from './db/seed.js';
import { seedTradeTerms } from './modules/trade-terms/index.js';
import { seedVehicles } from './modules/vehicles/index.js';
import { createLogger } from './lib/logger.js';

/** Seconds past delay and grace after which close-with-grace gives up on the closing itself and exits 1. */
const SHUTDOWN_MARGIN_SECONDS = 5;

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
  const { delaySeconds, graceSeconds } = config.shutdown;
  // Registered first so a signal during migration or seeding also closes the database cleanly.
  const shutdown = closeWithGrace(
    { delay: (delaySeconds + graceSeconds + SHUTDOWN_MARGIN_SECONDS) * 1000 },
    async ({ signal, err }) => {
      if (err) logger.error({ err }, 'shutting down after an uncaught error');
      else logger.info({ signal, delaySeconds, graceSeconds }, 'draining: /readyz answers 503');
      app?.probes.beginDrain();
      // A load balancer needs a few probes to see /readyz fail; a worker takes no traffic to wait for, and Ctrl-C
      // (SIGINT) at a terminal wants no wait.
      if (signal === 'SIGTERM' && app?.server.listening && config.processRole !== 'worker')
        await sleep(delaySeconds * 1000);
      if (app) {
        const closing = app.close().then(() => 'closed' as const);
        const outcome = await Promise.race([closing, sleep(graceSeconds * 1000, 'timeout' as const)]);
        if (outcome === 'timeout') {
          app.server.closeAllConnections();
          await database?.close().catch(() => undefined);
          throw new Error(`requests or jobs still running after SHUTDOWN_GRACE_SECONDS (${graceSeconds} s)`);
        }
      }
      await database?.close();
      logger.info('drained: exiting');
    },
  );
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
      const levels = await seedTradeTerms(database.db);
      if (levels.length > 0) logger.info({ levels }, 'demo price levels given their category discounts');
      const vehicleCount = await seedVehicles(database.db);
      if (vehicleCount > 0) logger.info({ vehicles: vehicleCount }, 'vehicles loaded from the vPIC data');
    }
    app = await buildApp({ config, database, logger });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // A newer build migrated the database: say so plainly (docs/operations.md "Processes, probes and drain").
    if (error instanceof SchemaNewerThanBuildError)
      logger.fatal({ code: 'SCHEMA_NEWER_THAN_BUILD' }, error.message);
    else logger.fatal({ err: error }, 'start-up failed');
    process.exitCode = 1;
    shutdown.uninstall();
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
  }
}

await start();
