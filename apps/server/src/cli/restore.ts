/**
 * `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into the configured database
 * (DATABASE_URL, or the embedded PGlite in DATA_DIR) and DATA_DIR (docs/operations.md "Backup and restore"). Both
 * must be empty; `--force` replaces what they hold. Prints what it restored and how long it took; exits 1 with the
 * reason (e.g. a target that is not empty) on failure. Stop the shop first; start it afterwards (it applies newer
 * migrations of its own).
 */
import { join, resolve } from 'node:path';
import { invocationDir, loadConfig, loadDotEnv } from '../config.js';
import { restoreBackup } from '../db/backup.js';
import { AUTH_SECRET_FILE } from '../modules/identity/index.js';

const USAGE = 'usage: npm run restore -- FILE [--force]';
const print = (line: string) => process.stdout.write(`${line}\n`);

async function run(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const [source, ...rest] = args.filter((arg) => arg !== '--force');
  if (!source || source.startsWith('-') || rest.length > 0) throw new Error(USAGE);
  loadDotEnv();
  const config = loadConfig();
  const file = resolve(invocationDir(), source);
  const started = performance.now();
  const manifest = await restoreBackup(
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      authSecretFile: join(config.dataDir, AUTH_SECRET_FILE),
    },
    file,
    { force },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  print(
    `Restored ${file} (taken ${manifest.startedAt}, schema at ${manifest.migration ?? 'no migration'}, ` +
      `${manifest.uploads.files} uploaded images) into the ` +
      `${config.databaseUrl ? 'PostgreSQL database' : `embedded database in ${config.dataDir}`} in ${seconds} s`,
  );
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
