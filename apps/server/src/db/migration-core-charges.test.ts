/**
 * Migration 0031 (docs/requirements.md §17 "Core charges") gives the parts a shop already has the core deposit of
 * their kind (the part number's prefix, as seed-data/part-cores.ts does; none for other kinds), and orders placed
 * before carry no core deposits.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../test/migrations.js';
import { createDatabase, queryRows, type Database } from './connect.js';
import { migrationsFolder } from './migrate.js';
import { partCoreChargeCents } from './seed-data/part-cores.js';

const before = migrationsBefore('0031');
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  before.remove();
});

describe('migration 0031 (core charges)', () => {
  it('gives existing parts their kind core deposit and existing orders none', async () => {
    database = await createDatabase({});
    const db = drizzle(database.client as never);
    await migrate(db, { migrationsFolder: before.folder });
    const skus = [
      'ALT-TOY-27060',
      'str-frd-11002',
      'BC-JEP-14790',
      'BAT-UNV-48760',
      'BP-TOY-48210',
      'PF-3F9A1C2B',
    ];
    for (const [index, sku] of skus.entries())
      await db.execute(sql`
        insert into parts (sku, name, description, available, minqty, price_cents, img)
          values (${sku}, ${`Part ${index}`}, 'd', 10, 1, 1250, '/x.svg')`);
    await db.execute(sql`
      insert into orders (line_count, quantity, product_name, total_cents, customer_name, email, address)
        values (1, 1, 'Part 0', 1250, 'Ann', 'ann@example.com', '1 Depot Road')`);

    await migrate(db, { migrationsFolder: migrationsFolder() });

    const rows = await queryRows<{ sku: string; core_charge_cents: string | number }>(
      database.db,
      sql`select sku, core_charge_cents from parts order by seq`,
    );
    expect(rows.map((row) => [row.sku, Number(row.core_charge_cents)])).toEqual(
      skus.map((sku) => [sku, partCoreChargeCents(sku)]),
    );
    expect(rows.map((row) => Number(row.core_charge_cents))).toEqual([4500, 3500, 3000, 2500, 0, 0]);
    expect(await queryRows(database.db, sql`select core_total_cents::int as core from orders`)).toEqual([
      { core: 0 },
    ]);
  });
});
