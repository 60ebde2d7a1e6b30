/**
 * PostgreSQL's client programs (pg_dump, pg_restore) for backups (docs/operations.md "Backup and restore"): found
 * on PATH or in Debian's /usr/lib/postgresql/<major>/bin, of a major version no older than the server's (pg_dump
 * refuses a newer server), and run with the connection's password in the environment, never on the command line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A client program and its version. */
export interface PgTool {
  path: string;
  /** e.g. 15 for "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)". */
  major: number;
  version: string;
}

/** Thrown when a needed program is missing or too old, or when it fails; the message says what to do. */
export class PgToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgToolError';
  }
}

const DEBIAN_VERSIONS_DIR = '/usr/lib/postgresql';

/** The version `path --version` reports, or undefined when it cannot be run. */
function versionOf(path: string): PgTool | undefined {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8' });
  const match = result.status === 0 ? /\(PostgreSQL\) (\d+)(\.\d+)?/.exec(result.stdout) : null;
  if (!match) return undefined;
  return { path, major: Number(match[1]), version: `${match[1]}${match[2] ?? ''}` };
}

/**
 * `tool` of major version `minMajor` or newer: the one on PATH if recent enough, else the newest under
 * /usr/lib/postgresql/<major>/bin. Throws PgToolError naming the versions found and the package to install.
 */
export function findPgTool(tool: 'pg_dump' | 'pg_restore', minMajor: number): PgTool {
  const candidates: string[] = [tool];
  if (existsSync(DEBIAN_VERSIONS_DIR))
    for (const major of readdirSync(DEBIAN_VERSIONS_DIR)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a)))
      candidates.push(join(DEBIAN_VERSIONS_DIR, major, 'bin', tool));
  const found = candidates.map(versionOf).filter((candidate) => candidate !== undefined);
  const suitable = found.find((candidate) => candidate.major >= minMajor);
  if (suitable) return suitable;
  const seen = found.length
    ? `only ${[...new Set(found.map((candidate) => `${candidate.path} ${candidate.version}`))].join(', ')} found`
    : 'it is not installed';
  throw new PgToolError(
    `${tool} ${minMajor} or newer is needed for a PostgreSQL ${minMajor} database, but ${seen}. ` +
      `Install postgresql-client-${minMajor} (e.g. from apt.postgresql.org) or put its bin folder first on PATH.`,
  );
}

/**
 * The connection of `databaseUrl` as a libpq URL without its password, plus PGPASSWORD for the environment, so the
 * password never shows in the process list.
 */
export function libpqConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs `tool` with `args` against `databaseUrl` (given as --dbname). Resolves when it exits 0; rejects with
 * PgToolError carrying its standard error otherwise.
 */
export async function runPgTool(tool: PgTool, databaseUrl: string, args: string[]): Promise<void> {
  const connection = libpqConnection(databaseUrl);
  const child = spawn(tool.path, [`--dbname=${connection.url}`, ...args], {
    env: { ...process.env, ...connection.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0)
    throw new PgToolError(`${tool.path} ${tool.version} failed (exit ${code}):\n${stderr.trim()}`);
}
