/**
 * `npm run seed [-- --reset] [-- --parts N]`: seeds the demo catalogue into the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR) when its catalogue is empty; `--reset` first empties the catalogue
 * tables (parts, categories, makes); `--parts N` (default: SEED_PARTS, else the 119 curated parts) seeds
 * exactly N parts, the curated ones first and then a generated wholesale catalogue (docs/decisions/005-catalogue-search.md). Migrates first.
 * Prints what it did, how long seeding took and the database's size; exits 1 on failure. Stop a running server
 * on the same PGlite data directory first: PGlite allows one process at a time.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig, loadDotEnv } from '../config.js';
import { createDatabase, queryRows } from '../db/connect.js';
import { migrateDatabase } from '../db/migrate.js';
import { resetCatalog, seedDemoCatalog } from '../db/seed.js';
import { seedTradeTerms } from '../modules/trade-terms/index.js';
import { seedVehicles } from '../modules/vehicles/index.js';
import { buildPageMarks } from '../modules/catalog/index.js';

const USAGE = 'usage: seed [--reset] [--parts N]';

const print = (line: string) => process.stdout.write(`${line}\n`);

/** The command line's options; throws on anything else. */
function parseSeedArgs(args: string[]): { reset: boolean; parts: number | undefined } {
  let reset = false;
  let parts: number | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--reset') reset = true;
    else if (arg === '--parts' || arg.startsWith('--parts=')) {
      const value = arg === '--parts' ? args[(index += 1)] : arg.slice('--parts='.length);
      parts = Number(value);
      if (!value || !Number.isInteger(parts) || parts < 1)
        throw new Error(`--parts needs a whole number of parts >= 1, got ${value ?? 'nothing'} (${USAGE})`);
    } else throw new Error(`Unknown argument: ${arg} (${USAGE})`);
  }
  return { reset, parts };
}

/** Bytes of the files under `path`. */
function folderBytes(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((total, entry) => total + folderBytes(join(path, entry)), 0);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function run(args: string[]): Promise<void> {
  const options = parseSeedArgs(args);
  loadDotEnv();
  const config = loadConfig();
  const partCount = options.parts ?? config.seedParts;
  const database = await createDatabase(config);
  let size: string | undefined;
  try {
    print(
      `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
    );
    await migrateDatabase(database);
    if (options.reset) {
      const deleted = await resetCatalog(database.db);
      print(
        `Reset: deleted ${deleted.parts} parts, ${deleted.categories} categories, ${deleted.makes} makes`,
      );
    }
    const started = performance.now();
    // On PostgreSQL a large catalogue goes in over two connections (the machine's cores; see seedCatalog).
    const result = await seedDemoCatalog(database.db, partCount, {
      lanes: database.kind === 'postgres' ? 2 : 1,
    });
    // The shop would build the page marks when it starts; building them here leaves it nothing to catch up on.
    await buildPageMarks(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.seeded) {
      print(
        `Seeded: ${result.parts} parts (${result.fitments} fitment rows), ${result.categories} categories, ${result.makes} makes, ${result.reviews} reviews in ${seconds} s`,
      );
    } else {
      print('The catalogue already has parts: nothing seeded (use --reset to replace it).');
    }
    const vehicleCount = await seedVehicles(database.db);
    if (vehicleCount > 0) print(`Vehicles: ${vehicleCount} loaded from the vPIC data`);
    const levels = await seedTradeTerms(database.db);
    if (levels.length > 0) print(`Price levels: category discounts given to ${levels.join(', ')}`);
    if (database.kind === 'postgres') {
      const [row] = await queryRows<{ bytes: string }>(
        database.db,
        sql`select pg_database_size(current_database())::bigint as bytes`,
      );
      size = megabytes(Number(row?.bytes ?? 0));
    }
  } finally {
    await database.close();
  }
  size ??= megabytes(folderBytes(join(config.dataDir, 'pglite')));
  print(`Database size: ${size}`);
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
