/**
 * Migration 0027 (docs/requirements.md §16) weighs the parts a shop already has by their type (the part number's
 * prefix, as seed-data/part-weights.ts does; 1 kg for an unknown kind) and starts the shop with its delivery
 * methods and the states' base sales-tax rates.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, queryRows, type Database } from './connect.js';
import { migrationsFolder } from './migrate.js';
import { partWeightGrams } from './seed-data/part-weights.js';

const before = mkdtempSync(join(tmpdir(), 'partsforge-migrations-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(before, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag`. */
function folderBefore(tag: string): string {
  cpSync(migrationsFolder(), before, { recursive: true });
  const journalFile = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.startsWith(tag));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return before;
}

describe('migration 0027 (shipping)', () => {
  it('weighs existing parts by type and seeds the methods and tax rates', async () => {
    database = await createDatabase({});
    const db = drizzle(database.client as never);
    await migrate(db, { migrationsFolder: folderBefore('0027') });
    const skus = ['BP-TOY-48210', 'BAT-UNV-24F', 'wb-unv-22', 'PF-3F9A1C2B', 'OF-HON-15400'];
    for (const [index, sku] of skus.entries())
      await db.execute(sql`
        insert into parts (sku, name, description, available, minqty, price_cents, img)
          values (${sku}, ${`Part ${index}`}, 'd', 10, 1, 1250, '/x.svg')`);

    await migrate(db, { migrationsFolder: migrationsFolder() });

    const rows = await queryRows<{ sku: string; weight_grams: number }>(
      database.db,
      sql`select sku, weight_grams from parts order by seq`,
    );
    expect(rows).toEqual(skus.map((sku) => ({ sku, weight_grams: partWeightGrams(sku) })));
    expect(rows.map((row) => row.weight_grams)).toEqual([1200, 18_000, 300, 1000, 400]);
    expect(await queryRows(database.db, sql`select code from shipping_methods order by position`)).toEqual([
      { code: 'pickup' },
      { code: 'ground' },
      { code: 'next-day' },
      { code: 'freight' },
    ]);
    expect(
      await queryRows(database.db, sql`select count(*)::int as rates from tax_rates where country = 'US'`),
    ).toEqual([{ rates: 51 }]);
  });
});
