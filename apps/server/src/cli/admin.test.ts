/** `npm run admin -- grant EMAIL`, run as a user runs it, on an embedded database in a temporary DATA_DIR. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/connect.js';
import { migrateDatabase } from '../db/migrate.js';
import { users } from '../db/schema/index.js';
import { createUserRepository } from '../modules/identity/index.js';
import { orderTotalsByUser } from '../modules/orders/index.js';

const script = join(dirname(fileURLToPath(import.meta.url)), 'admin.ts');
const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/cli.mjs');
let dataDir: string;

function runAdmin(...args: string[]) {
  const result = spawnSync(process.execPath, [tsx, script, ...args], {
    cwd: dataDir,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function roleOf(email: string) {
  const database = await createDatabase({ dataDir });
  try {
    return (await createUserRepository(database.db, orderTotalsByUser).findByEmail(email))?.role;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'partsforge-admin-cli-'));
  const database = await createDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    await database.db
      .insert(users)
      .values({ id: 'cli-user-1', name: 'Olga Owner', email: 'olga@example.com' });
  } finally {
    await database.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin -- grant EMAIL', () => {
  it('makes an existing user an admin, whatever the case of the email, and says so', async () => {
    const first = runAdmin('grant', 'Olga@Example.com');
    expect(first).toMatchObject({ status: 0, stdout: 'olga@example.com is now an admin.\n' });
    expect(await roleOf('olga@example.com')).toBe('admin');
    expect(runAdmin('grant', 'olga@example.com')).toMatchObject({
      status: 0,
      stdout: 'olga@example.com already is an admin.\n',
    });
  }, 120_000);

  it('fails with a clear message for an unknown email or a wrong command', () => {
    const unknown = runAdmin('grant', 'nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No user has the email nobody@example.com');
    const usage = runAdmin('promote');
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run admin -- grant EMAIL');
  }, 120_000);
});
