/**
 * `npm run backup -- FILE`: writes a backup of the configured shop to FILE (docs/operations.md "Backup and
 * restore"): the database (DATABASE_URL: pg_dump's custom format, taken while the shop runs; otherwise the
 * embedded PGlite in DATA_DIR, whose server must be stopped first) and the uploaded images, in one tar file.
 * Prints what it wrote and how long it took; exits 1 with the reason on failure. Built to dist/cli/backup.js,
 * which a container runs as `node apps/server/dist/cli/backup.js FILE`.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { invocationDir, loadConfig, loadDotEnv } from '../config.js';
import { createBackup } from '../db/backup.js';
import { AUTH_SECRET_FILE } from '../modules/identity/index.js';

const USAGE = 'usage: npm run backup -- FILE';
const print = (line: string) => process.stdout.write(`${line}\n`);

async function run(args: string[]): Promise<void> {
  const [target, ...rest] = args;
  if (!target || target.startsWith('-') || rest.length > 0) throw new Error(USAGE);
  loadDotEnv();
  const config = loadConfig();
  const file = resolve(invocationDir(), target);
  const started = performance.now();
  const manifest = await createBackup(
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      authSecretFile: join(config.dataDir, AUTH_SECRET_FILE),
    },
    file,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
  print(
    `Backed up the ${manifest.database === 'postgres' ? 'PostgreSQL database' : 'embedded database'} ` +
      `(${manifest.dumpedWith}, schema at ${manifest.migration ?? 'no migration'}) and ` +
      `${manifest.uploads.files} uploaded images to ${file}: ${megabytes} MB in ${seconds} s`,
  );
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
