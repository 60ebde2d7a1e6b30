/**
 * Throw-away PostgreSQL databases for the benchmarks: create one on a server, seed it with
 * `npm run seed -- --parts N` (the project's own command), drop it.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { root } from './shop.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `use(client)` on a connection to `url`, then closes it. */
export async function withClient(url, use) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` on the server of `serverUrl` and resolves to its URL. */
export async function createDatabase(serverUrl, name) {
  await withClient(serverUrl, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  return Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
}

/** Drops database `name` on the server of `serverUrl`. */
export async function dropDatabase(serverUrl, name) {
  await withClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * Runs `npm run seed -- --parts N` on `databaseUrl`; resolves to `{ seconds, commandSeconds, size }`: the
 * seed's own time, the whole command's, and the database size it prints.
 */
export function seedDatabase(databaseUrl, parts) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(npm, ['run', '--silent', 'seed', '--', '--parts', String(parts)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, INIT_CWD: root, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seed failed (${code}):\n${output}`));
      resolve({
        seconds: Number(/ in ([\d.]+) s/.exec(output)?.[1]),
        commandSeconds: (performance.now() - started) / 1000,
        size: /Database size: (.+)/.exec(output)?.[1] ?? '?',
      });
    });
  });
}
