/**
 * `npm run seed [-- --reset]`: seeds the demo catalogue into the configured database (DATABASE_URL, or PGlite
 * in DATA_DIR) when its catalogue is empty; `--reset` first empties the catalogue tables (parts, categories,
 * makes). Migrates first. Prints what it did; exits 1 on failure. Stop a running server on the same PGlite
 * data directory first: PGlite allows one process at a time.
 */
import { loadConfig, loadDotEnv } from '../config.js';
import { createDatabase } from '../db/connect.js';
import { migrateDatabase } from '../db/migrate.js';
import { resetCatalog, seedDemoCatalog } from '../db/seed.js';

const print = (line: string) => process.stdout.write(`${line}\n`);

async function run(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--reset');
  if (unknown.length) throw new Error(`Unknown argument(s): ${unknown.join(' ')} (usage: seed [--reset])`);
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    print(
      `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
    );
    await migrateDatabase(database);
    if (args.includes('--reset')) {
      const deleted = await resetCatalog(database.db);
      print(
        `Reset: deleted ${deleted.parts} parts, ${deleted.categories} categories, ${deleted.makes} makes`,
      );
    }
    const result = await seedDemoCatalog(database.db);
    if (result.seeded) {
      print(
        `Seeded: ${result.parts} parts, ${result.categories} categories, ${result.makes} makes, ${result.reviews} reviews`,
      );
    } else {
      print('The catalogue already has parts: nothing seeded (use --reset to replace it).');
    }
  } finally {
    await database.close();
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
