/**
 * Backup and restore (docs/operations.md "Backup and restore"): a shop with orders, invoices, queued mail and an
 * uploaded image is backed up, restored into an empty database and data directory, and the shop started on the
 * copy has the same counts and totals, serves the image, and numbers its next order and invoice after the last
 * ones. A target that is not empty is refused (also by `npm run restore`, exit 1) unless forced. PostgreSQL (a
 * database of its own on TEST_DATABASE_URL's server, dropped afterwards) when TEST_DATABASE_URL is set, as
 * `.ci/run` does; the embedded PGlite always.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, TEST_PASSWORD, uniqueEmail, uniqueRemoteAddress } from '../test/auth.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertPart, payAtProvider, placeOrderFor } from '../test/orders.js';
import { TINY_PNG } from '../test/uploads.js';
import { BackupError, createBackup, restoreBackup, type BackupTarget } from './backup.js';
import { createDatabase, queryRows, type Database } from './connect.js';
import { migrateDatabase } from './migrate.js';

const serverUrl = process.env.TEST_DATABASE_URL;
/** Each test opens several databases on disk and runs a command: minutes on a busy machine. */
const SLOW = 180_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'partsforge-backup-test-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty database on TEST_DATABASE_URL's server (dropped after the file's tests); its URL. */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `partsforge_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  cleanups.push(() => admin(`drop database if exists "${name}" with (force)`));
  return Object.assign(new URL(serverUrl!), { pathname: `/${name}` }).toString();
}

/** What must survive a restore, read from the database. */
async function figures(database: Database) {
  const [row] = await queryRows<Record<string, string | number | null>>(
    database.db,
    sql`select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines,
               (select coalesce(sum(total_cents), 0) from orders)::text as "totalCents",
               (select count(*) from invoices)::int as invoices,
               (select coalesce(sum(total_cents), 0) from invoices)::text as "invoicedCents",
               (select count(*) from outbound_emails where sent_at is null)::int as "queuedMail",
               (select count(*) from users)::int as users, (select count(*) from parts)::int as parts,
               (select max(number) from orders)::int as "lastOrderNumber",
               (select max(sequence) from invoices)::int as "lastInvoiceSequence"`,
  );
  return row!;
}

interface Shop {
  imageUrl: string;
  customerEmail: string;
  partId: string;
}

/** Two customers' orders (four, three paid: invoices and receipts queued as mail) and an admin's uploaded image. */
async function fillShop(t: TestApp): Promise<Shop> {
  const admin = await signUpAndGetToken(t.app, {
    email: uniqueEmail('admin'),
    name: 'Ada Admin',
    role: 'admin',
  });
  const customerEmail = uniqueEmail('ann');
  const [ann, bob] = await Promise.all([
    signUpAndGetToken(t.app, { email: customerEmail, name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Buyer' }),
  ]);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/images',
    headers: { ...admin.headers, 'content-type': 'image/png' },
    payload: TINY_PNG,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const partId = await insertPart(t.database.db, { priceCents: 1999, available: 1000 });
  const orderIds = [
    await placeOrderFor(t.app, ann, partId, 4),
    await placeOrderFor(t.app, bob, partId, 6),
    await placeOrderFor(t.app, ann, partId, 10),
    await placeOrderFor(t.app, bob, partId, 2),
  ];
  for (const [index, orderId] of orderIds.slice(0, 3).entries())
    await payAtProvider(t.app, index === 1 ? bob : ann, orderId);
  return { imageUrl: upload.json<{ url: string }>().url, customerEmail, partId };
}

/** Opens the restored database, starts the shop on it and checks it against the source's figures. */
async function checkRestored(
  database: Database,
  dataDir: string,
  shop: Shop,
  before: Awaited<ReturnType<typeof figures>>,
): Promise<void> {
  const t = await buildTestApp({ database, config: { dataDir, maxUnpaidOrders: 100 } });
  try {
    expect(await figures(database)).toEqual(before);
    expect(before).toMatchObject({ orders: 4, invoices: 3, parts: 1 });
    expect(before.queuedMail).toBeGreaterThanOrEqual(4);
    const image = await t.app.inject({ url: shop.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    // The next order and invoice follow the last ones; a customer of before signs in with their password.
    const cid = await signUpAndGetToken(t.app, { email: uniqueEmail('cid'), name: 'Cid Buyer' });
    const orderId = await placeOrderFor(t.app, cid, shop.partId, 2);
    await payAtProvider(t.app, cid, orderId);
    const [next] = await queryRows<{ number: number; sequence: number }>(
      database.db,
      sql`select o.number::int as number, i.sequence from orders o join invoices i on i.order_id = o.id
          where o.id = ${orderId}`,
    );
    expect(next).toEqual({
      number: Number(before.lastOrderNumber) + 1,
      sequence: Number(before.lastInvoiceSequence) + 1,
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: shop.customerEmail, password: TEST_PASSWORD },
      remoteAddress: uniqueRemoteAddress(),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  } finally {
    await t.app.close();
  }
}

/** `npm run restore -- FILE` as a process (the CLI's source under tsx): exit code and output. */
function restoreCommand(file: string, env: NodeJS.ProcessEnv) {
  const cli = fileURLToPath(new URL('../cli/restore.ts', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, file], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(!serverUrl)('backup and restore on PostgreSQL', () => {
  it(
    'restores orders, invoices, queued mail, images and the numbering into an empty database, refuses a used one',
    { timeout: SLOW },
    async () => {
      const sourceUrl = await emptyPostgresDatabase();
      const source: BackupTarget = { databaseUrl: sourceUrl, dataDir: await tempDir() };
      const sourceDb = await createDatabase({ databaseUrl: sourceUrl });
      cleanups.push(() => sourceDb.close());
      await migrateDatabase(sourceDb);
      const t = await buildTestApp({
        database: sourceDb,
        config: { dataDir: source.dataDir, maxUnpaidOrders: 100 },
      });
      const shop = await fillShop(t);
      const before = await figures(sourceDb);
      const file = join(await tempDir(), 'shop.pfbackup');
      // Taken while the shop runs, as pg_dump allows.
      const manifest = await createBackup(source, file);
      await t.app.close();
      expect(manifest).toMatchObject({ database: 'postgres', uploads: { files: 1 }, authSecret: false });
      expect(manifest.migration).toMatch(/^\d{4}_/);

      const target: BackupTarget = { databaseUrl: await emptyPostgresDatabase(), dataDir: await tempDir() };
      await restoreBackup(target, file);
      const restored = await createDatabase({ databaseUrl: target.databaseUrl });
      cleanups.push(() => restored.close());
      await checkRestored(restored, target.dataDir, shop, before);

      await expect(restoreBackup(target, file)).rejects.toThrow(BackupError);
      await expect(restoreBackup(target, file)).rejects.toThrow(
        /not empty:\n {2}- database partsforge_backup_/,
      );
      await expect(restoreBackup({ ...target, dataDir: source.dataDir }, file)).rejects.toThrow(
        /uploaded images: 1 in/,
      );
      await restored.close();
      await restoreBackup(target, file, { force: true });
      const again = await createDatabase({ databaseUrl: target.databaseUrl });
      cleanups.push(() => again.close());
      expect(await figures(again)).toEqual(before);
    },
  );
});

describe('backup and restore of the embedded database', () => {
  it(
    'round-trips PGlite with its images and auth secret; a used data directory is refused unless forced',
    { timeout: SLOW },
    async () => {
      const source: BackupTarget = { databaseUrl: undefined, dataDir: await tempDir() };
      source.authSecretFile = join(source.dataDir, 'auth-secret');
      let database = await createDatabase({ dataDir: source.dataDir });
      await migrateDatabase(database);
      const t = await buildTestApp({
        database,
        config: { dataDir: source.dataDir, maxUnpaidOrders: 100, authSecret: undefined },
      });
      const shop = await fillShop(t);
      const before = await figures(database);
      await t.app.close();
      const file = join(await tempDir(), 'shop.pfbackup');
      await expect(createBackup(source, file)).rejects.toThrow(/open in another process/);
      await database.close();
      const manifest = await createBackup(source, file);
      expect(manifest).toMatchObject({ database: 'pglite', uploads: { files: 1 }, authSecret: true });

      const target: BackupTarget = { databaseUrl: undefined, dataDir: await tempDir() };
      target.authSecretFile = join(target.dataDir, 'auth-secret');
      await restoreBackup(target, file);
      database = await createDatabase({ dataDir: target.dataDir });
      await checkRestored(database, target.dataDir, shop, before);
      await database.close();

      const refused = restoreCommand(file, { DATA_DIR: target.dataDir, INIT_CWD: target.dataDir });
      expect(refused.status).toBe(1);
      expect(refused.output).toContain(
        'Refusing to restore into a database and data directory that are not empty',
      );
      expect(refused.output).toContain('pass --force');
      await restoreBackup(target, file, { force: true });
      database = await createDatabase({ dataDir: target.dataDir });
      try {
        expect(await figures(database)).toEqual(before);
      } finally {
        await database.close();
      }
    },
  );

  it(
    'refuses a file that is not a backup, and a backup of the other kind of database',
    { timeout: SLOW },
    async () => {
      const dir = await tempDir();
      const notBackup = join(dir, 'notes.txt');
      await writeFile(notBackup, 'hello');
      await expect(restoreBackup({ databaseUrl: undefined, dataDir: dir }, notBackup)).rejects.toThrow(
        /is not a PartsForge backup/,
      );
      const source: BackupTarget = { databaseUrl: undefined, dataDir: await tempDir() };
      const database = await createDatabase({ dataDir: source.dataDir });
      await database.close();
      const file = join(dir, 'empty.pfbackup');
      await createBackup(source, file);
      const elsewhere = { databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: dir };
      await expect(restoreBackup(elsewhere, file)).rejects.toThrow(
        /backup of the embedded database: restore it with DATABASE_URL unset/,
      );
    },
  );
});
