/**
 * The migrator's guarantees for several processes (docs/operations.md "Processes, probes and drain"): processes
 * starting together on one PostgreSQL database apply each migration once (an advisory lock), and a build started on
 * a schema that a newer build migrated refuses to run. The refusal also runs on PGlite.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/build-test-app.js';
import { createEmptyPostgresDatabase } from '../test/postgres-database.js';
import { createDatabase, queryRows, type Database } from './connect.js';
import { appliedMigrations, buildMigrations, migrateDatabase, SchemaNewerThanBuildError } from './migrate.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

describe('migrating', () => {
  it('refuses, changing nothing, a database that records a migration this build does not ship', async () => {
    const testDb = await createTestDatabase();
    try {
      const { db } = testDb.database;
      const latest = buildMigrations().at(-1)!;
      const newer = latest.when + 86_400_000;
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${newer})`,
      );
      const refusal = migrateDatabase(testDb.database);
      await expect(refusal).rejects.toBeInstanceOf(SchemaNewerThanBuildError);
      await expect(refusal).rejects.toThrow(
        `The database schema is newer than this build: it records 1 migration(s) this build does not ship (created_at ${newer}; this build's latest is ${latest.tag} at ${latest.when}).`,
      );
      expect((await appliedMigrations(db)).at(-1)).toBe(newer);
      expect(await appliedMigrations(db)).toHaveLength(buildMigrations().length + 1);
    } finally {
      await testDb.drop();
    }
  });

  it.skipIf(!onPostgres)(
    'applies each migration once when five processes migrate a new database together (PostgreSQL)',
    async () => {
      const empty = await createEmptyPostgresDatabase('migrate');
      try {
        const databases = await Promise.all(
          Array.from({ length: 5 }, () => createDatabase({ databaseUrl: empty.url, poolSize: 2 })),
        );
        opened.push(...databases);
        const results = await Promise.allSettled(databases.map((database) => migrateDatabase(database)));
        expect(results.map((result) => result.status)).toEqual(Array(5).fill('fulfilled'));
        const rows = await queryRows<{ created_at: string; copies: number }>(
          databases[0]!.db,
          sql`select created_at, count(*)::int as copies from drizzle.__drizzle_migrations group by created_at order by created_at`,
        );
        expect(rows.map((row) => [Number(row.created_at), row.copies])).toEqual(
          buildMigrations().map((migration) => [migration.when, 1]),
        );
      } finally {
        await Promise.all(opened.splice(0).map((database) => database.close()));
        await empty.drop();
      }
    },
  );
});
