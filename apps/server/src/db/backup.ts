/**
 * Backup and restore of a whole shop (docs/operations.md "Backup and restore"). A backup is one tar file:
 * `manifest.json` (what it holds, the schema's last migration, times), the database (PostgreSQL:
 * `database.pgdump`, pg_dump's custom format, one consistent snapshot; the embedded PGlite: `pglite.tar.gz`, its
 * own data-directory dump) and the uploaded images (`uploads/<name>`), plus, for PGlite, the generated auth
 * secret (`auth-secret`) when DATA_DIR keeps one. A restore goes into an empty database and data directory only,
 * unless forced.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import { createTarWriter, extractTarEntry, readTarEntry, readTarIndex, type TarEntry } from '../lib/tar.js';
import { createDatabase } from './connect.js';
import { migrationsFolder } from './migrate.js';
import { findPgTool, runPgTool } from './pg-tools.js';

export const BACKUP_FORMAT = 'partsforge-backup';
const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
const POSTGRES_DUMP = 'database.pgdump';
const PGLITE_DUMP = 'pglite.tar.gz';
const AUTH_SECRET_ENTRY = 'auth-secret';
const UPLOADS = 'uploads';
/** Names of files kept from the uploads folder (and accepted back): plain names, within tar's 100 bytes. */
const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,90}$/;

/** What a backup holds (its manifest.json). Times are ISO 8601 UTC. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  database: 'postgres' | 'pglite';
  /** When the dump started: the database is as it was then. */
  startedAt: string;
  /** When the dump ended (the images are copied after it). */
  dumpedAt: string;
  /** The schema's last applied migration (the journal's tag, e.g. "0024_company-accounts"); null if never migrated. */
  migration: string | null;
  /** The database server's `select version()`. */
  server: string;
  /** What made the dump, e.g. "pg_dump 15.20" or "PGlite dumpDataDir". */
  dumpedWith: string;
  /** pg_dump's major version (PostgreSQL only): pg_restore must be at least as new. */
  pgDumpMajor?: number;
  uploads: { files: number; bytes: number };
  authSecret: boolean;
}

/** Where a shop keeps its data: the configured database and DATA_DIR. */
export interface BackupTarget {
  /** PostgreSQL connection string; unset: the embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** DATA_DIR: the uploaded images (`uploads/`), PGlite's files. */
  dataDir: string;
  /** The generated auth secret's file (PGlite shops without AUTH_SECRET); kept when it exists. */
  authSecretFile?: string | undefined;
}

/** A backup or restore that cannot be done; the message says why and what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The journal's tags by their `when` (what Drizzle's migrations table records as created_at). */
function journalTags(): Map<number, string> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

async function lastMigration(query: Query): Promise<string | null> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  if (!table?.name) return null;
  const [row] = await query(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  if (!row) return null;
  return journalTags().get(Number(row.created_at)) ?? `unknown migration of ${String(row.created_at)}`;
}

async function withPgClient<T>(databaseUrl: string, use: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

const iso = () => new Date().toISOString();

interface Dump {
  entry: string;
  path: string;
  manifest: Pick<
    BackupManifest,
    'database' | 'startedAt' | 'dumpedAt' | 'migration' | 'server' | 'dumpedWith' | 'pgDumpMajor'
  >;
}

async function dumpPostgres(databaseUrl: string, staging: string): Promise<Dump> {
  const info = await withPgClient(databaseUrl, async (query) => {
    const [row] = await query(
      `select version() as server, current_setting('server_version_num')::int as num`,
    );
    return {
      server: String(row?.server),
      major: Math.floor(Number(row?.num) / 10_000),
      migration: await lastMigration(query),
    };
  });
  const pgDump = findPgTool('pg_dump', info.major);
  const path = join(staging, POSTGRES_DUMP);
  const startedAt = iso();
  await runPgTool(pgDump, databaseUrl, ['--format=custom', '--no-password', `--file=${path}`]);
  return {
    entry: POSTGRES_DUMP,
    path,
    manifest: {
      database: 'postgres',
      startedAt,
      dumpedAt: iso(),
      migration: info.migration,
      server: info.server,
      dumpedWith: `pg_dump ${pgDump.version}`,
      pgDumpMajor: pgDump.major,
    },
  };
}

/** Refuses a PGlite folder another process has open (PGlite allows one process; it keeps postmaster.pid meanwhile). */
function assertPgliteClosed(folder: string): void {
  if (existsSync(join(folder, 'postmaster.pid')))
    throw new BackupError(
      `The embedded database in ${folder} is open in another process (a running shop?): stop it first, PGlite ` +
        'allows one process at a time. If none runs, it was not shut down cleanly: start and stop the shop once.',
    );
}

async function dumpPglite(dataDir: string, staging: string): Promise<Dump> {
  const folder = join(dataDir, 'pglite');
  if (!existsSync(join(folder, 'PG_VERSION')))
    throw new BackupError(
      `No embedded database in ${folder}: nothing to back up (set DATABASE_URL to back up a PostgreSQL database).`,
    );
  assertPgliteClosed(folder);
  const database = await createDatabase({ dataDir });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  try {
    const query: Query = async (text) => (await database.client.query<Record<string, unknown>>(text)).rows;
    const [row] = await query('select version() as server');
    const migration = await lastMigration(query);
    const startedAt = iso();
    const dump = await database.client.dumpDataDir('gzip');
    const path = join(staging, PGLITE_DUMP);
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    return {
      entry: PGLITE_DUMP,
      path,
      manifest: {
        database: 'pglite',
        startedAt,
        dumpedAt: iso(),
        migration,
        server: String(row?.server),
        dumpedWith: 'PGlite dumpDataDir',
      },
    };
  } finally {
    await database.close();
  }
}

/** The uploaded images to keep: plain files directly in `${dataDir}/uploads`, with their sizes. */
async function listUploads(dataDir: string): Promise<{ name: string; bytes: number }[]> {
  const folder = join(dataDir, UPLOADS);
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = entries.filter((entry) => entry.isFile() && UPLOAD_NAME.test(entry.name));
  return Promise.all(
    files.map(async (entry) => ({
      name: entry.name,
      bytes: (await stat(join(folder, entry.name))).size,
    })),
  );
}

/**
 * Writes a backup of `target` to `file` (its folder created if missing; the file replaced only once the backup is
 * complete; a `.partial` file and a staging folder next to it are removed afterwards). The database is dumped
 * first, then the images are copied.
 * Returns the manifest. Throws BackupError (nothing to back up, database in use, pg_dump missing or too old) or
 * the failure of pg_dump or of the disk.
 */
export async function createBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  await mkdir(dirname(file), { recursive: true });
  const staging = await mkdtemp(join(dirname(file), `.${basename(file)}.staging-`));
  const partial = `${file}.partial`;
  try {
    const dump = target.databaseUrl
      ? await dumpPostgres(target.databaseUrl, staging)
      : await dumpPglite(target.dataDir, staging);
    const uploads = await listUploads(target.dataDir);
    const authSecret = Boolean(
      !target.databaseUrl && target.authSecretFile && existsSync(target.authSecretFile),
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      ...dump.manifest,
      uploads: { files: uploads.length, bytes: uploads.reduce((sum, upload) => sum + upload.bytes, 0) },
      authSecret,
    };
    const writer = createTarWriter(partial);
    try {
      await writer.addBytes(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await writer.addFile(dump.entry, dump.path);
      for (const upload of uploads)
        await writer.addFile(`${UPLOADS}/${upload.name}`, join(target.dataDir, UPLOADS, upload.name));
      if (authSecret && target.authSecretFile) await writer.addFile(AUTH_SECRET_ENTRY, target.authSecretFile);
      await writer.finish();
    } catch (error) {
      writer.abort();
      throw error;
    }
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Options of restoreBackup. */
export interface RestoreOptions {
  /** Replace what the database and data directory hold instead of refusing. */
  force?: boolean;
  /** pg_restore's parallel jobs (default: the machine's cores, at most 4). */
  jobs?: number;
}

async function readManifest(file: string, entries: TarEntry[]): Promise<BackupManifest> {
  const entry = entries.find((candidate) => candidate.name === MANIFEST);
  const manifest = entry
    ? (JSON.parse((await readTarEntry(file, entry)).toString('utf8')) as Partial<BackupManifest>)
    : undefined;
  if (manifest?.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${file} is not a PartsForge backup (no manifest.json of format ${BACKUP_FORMAT}).`,
    );
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupError(
      `${file} is a backup of format version ${manifest.version}; this build reads ${BACKUP_VERSION}.`,
    );
  return manifest as BackupManifest;
}

/** What the target holds already, one line each; empty when it is empty. */
async function occupants(target: BackupTarget): Promise<string[]> {
  const found: string[] = [];
  if (target.databaseUrl) {
    const rows = await withPgClient(target.databaseUrl, (query) =>
      query(
        `select n.nspname || '.' || c.relname as name, count(*) over () as total
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
           and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
         order by 1 limit 3`,
      ),
    );
    if (rows.length > 0)
      found.push(
        `database ${new URL(target.databaseUrl).pathname.slice(1)}: ${String(rows[0]?.total)} tables, views and ` +
          `sequences (${rows.map((row) => String(row.name)).join(', ')}, ...)`,
      );
  } else {
    const folder = join(target.dataDir, 'pglite');
    if (existsSync(folder) && (await readdir(folder)).length > 0) found.push(`embedded database: ${folder}`);
    if (target.authSecretFile && existsSync(target.authSecretFile))
      found.push(`auth secret: ${target.authSecretFile}`);
  }
  const uploads = await listUploads(target.dataDir);
  if (uploads.length > 0)
    found.push(`uploaded images: ${uploads.length} in ${join(target.dataDir, UPLOADS)}`);
  return found;
}

/** Empties the target (restore --force): every schema of the database but the system's, or PGlite's folder; the images. */
async function clearTarget(target: BackupTarget): Promise<void> {
  if (target.databaseUrl)
    await withPgClient(target.databaseUrl, async (query) => {
      const schemas = await query(
        `select quote_ident(nspname) as name from pg_namespace
         where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'`,
      );
      for (const schema of schemas) await query(`drop schema ${String(schema.name)} cascade`);
      await query('create schema if not exists public');
    });
  else {
    assertPgliteClosed(join(target.dataDir, 'pglite'));
    await rm(join(target.dataDir, 'pglite'), { recursive: true, force: true });
    if (target.authSecretFile) await rm(target.authSecretFile, { force: true });
  }
  await rm(join(target.dataDir, UPLOADS), { recursive: true, force: true });
}

async function restorePostgres(
  databaseUrl: string,
  file: string,
  entry: TarEntry,
  manifest: BackupManifest,
  jobs: number,
): Promise<void> {
  const pgRestore = findPgTool('pg_restore', manifest.pgDumpMajor ?? 0);
  const staging = await mkdtemp(join(tmpdir(), 'partsforge-restore-'));
  try {
    const dump = join(staging, POSTGRES_DUMP);
    await extractTarEntry(file, entry, dump);
    await runPgTool(pgRestore, databaseUrl, [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--no-password',
      `--jobs=${jobs}`,
      dump,
    ]);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // pg_restore brings no planner statistics: gather them now rather than when autovacuum gets to it.
  await withPgClient(databaseUrl, (query) => query('analyze'));
}

async function restorePglite(dataDir: string, file: string, entry: TarEntry): Promise<void> {
  const snapshot = new Blob([new Uint8Array(await readTarEntry(file, entry))]);
  const database = await createDatabase({ dataDir, pgliteSnapshot: snapshot });
  try {
    await database.ping();
  } finally {
    await database.close();
  }
}

/**
 * Restores the backup `file` into `target`: the database (pg_restore without owners or grants, then ANALYZE; or
 * PGlite's folder from its dump), the images and the auth secret. Refuses (BackupError, nothing changed) a file that
 * is not a backup, one of the other kind of database, one of a schema newer than this build, and a target that is
 * not empty unless `force`, which first drops every schema of the database (or PGlite's folder) and the images.
 * Returns the manifest. The shop applies newer migrations of its own when it starts.
 */
export async function restoreBackup(
  target: BackupTarget,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const entries = await readTarIndex(file).catch((error: Error) => {
    throw new BackupError(`${file} is not a PartsForge backup: ${error.message}`);
  });
  const manifest = await readManifest(file, entries);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind)
    throw new BackupError(
      manifest.database === 'pglite'
        ? `${file} is a backup of the embedded database: restore it with DATABASE_URL unset.`
        : `${file} is a backup of a PostgreSQL database: restore it with DATABASE_URL set.`,
    );
  if (manifest.migration !== null && ![...journalTags().values()].includes(manifest.migration))
    throw new BackupError(
      `${file} holds a schema at migration ${manifest.migration}, which this build does not know: restore it with the build that made it, or a newer one.`,
    );
  const databaseEntry = entries.find(
    (entry) => entry.name === (kind === 'postgres' ? POSTGRES_DUMP : PGLITE_DUMP),
  );
  if (!databaseEntry) throw new BackupError(`${file} has no database dump.`);
  const uploads = entries.filter((entry) => entry.name.startsWith(`${UPLOADS}/`));
  const badName = uploads.find((entry) => !UPLOAD_NAME.test(entry.name.slice(UPLOADS.length + 1)));
  if (badName) throw new BackupError(`${file} holds an unexpected file name: ${badName.name}`);

  const occupied = await occupants(target);
  if (occupied.length > 0 && !options.force)
    throw new BackupError(
      `Refusing to restore into a database and data directory that are not empty:\n${occupied
        .map((line) => `  - ${line}`)
        .join(
          '\n',
        )}\nRestore into an empty database and DATA_DIR, or pass --force to replace what they hold.`,
    );
  if (occupied.length > 0) await clearTarget(target);

  if (target.databaseUrl)
    await restorePostgres(
      target.databaseUrl,
      file,
      databaseEntry,
      manifest,
      options.jobs ?? Math.max(1, Math.min(4, availableParallelism())),
    );
  else await restorePglite(target.dataDir, file, databaseEntry);

  if (uploads.length > 0) await mkdir(join(target.dataDir, UPLOADS), { recursive: true });
  for (const entry of uploads) await extractTarEntry(file, entry, join(target.dataDir, entry.name));
  const secret = entries.find((entry) => entry.name === AUTH_SECRET_ENTRY);
  if (secret && !target.databaseUrl && target.authSecretFile) {
    await mkdir(dirname(target.authSecretFile), { recursive: true });
    await writeFile(target.authSecretFile, await readTarEntry(file, secret), { mode: 0o600 });
  }
  return manifest;
}
