/**
 * Migration 0014 (docs/decisions/017) carries existing one-part orders over: each becomes a one-line order with its
 * SKU, name, quantity and prices, orders are numbered PF-100001 upwards in the order they were placed, the next
 * order continues the sequence, and the timeline holds what is known (placed, paid, the final status).
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

describe('migration 0014 (order lines, numbers, timeline)', () => {
  it('turns each existing order into a numbered one-line order with its known history', async () => {
    database = await createDatabase({});
    const db = drizzle(database.client as never);
    await migrate(db, { migrationsFolder: folderBefore('0014') });
    await db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Ann Buyer', 'ann@example.com', true, now(), now())`);
    await db.execute(sql`
      insert into parts (id, sku, name, description, available, minqty, price_cents, img)
        values ('00000000-0000-4000-8000-000000000001', 'BP-1', 'Brake Pads', 'd', 10, 1, 1250, '/x.svg')`);
    await db.execute(sql`
      insert into orders (id, user_id, part_id, product_name, unit_price_cents, quantity, total_cents,
                          customer_name, email, address, status, paid_at, created_at, updated_at)
      values
        ('00000000-0000-4000-8000-0000000000b2', 'u1', '00000000-0000-4000-8000-000000000001', 'Brake Pads', 1250, 4,
         5000, 'Ann Buyer', 'ann@example.com', '1 Depot Road', 'shipped', '2026-01-02T10:00:00Z',
         '2026-01-02T09:00:00Z', '2026-01-03T09:00:00Z'),
        ('00000000-0000-4000-8000-0000000000a1', 'u1', null, 'Old Filter', 300, 2, 600,
         'Ann Buyer', 'ann@example.com', '1 Depot Road', 'cancelled', null,
         '2026-01-01T09:00:00Z', '2026-01-01T12:00:00Z')`);

    await migrate(db, { migrationsFolder: migrationsFolder() });

    expect(
      await queryRows(
        database.db,
        sql`select id, number::int, line_count, quantity, total_cents::int from orders order by number`,
      ),
    ).toEqual([
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        number: 100001,
        line_count: 1,
        quantity: 2,
        total_cents: 600,
      },
      {
        id: '00000000-0000-4000-8000-0000000000b2',
        number: 100002,
        line_count: 1,
        quantity: 4,
        total_cents: 5000,
      },
    ]);
    expect(
      await queryRows(
        database.db,
        sql`select order_id, line_number, part_id, sku, name, quantity, unit_price_cents, line_total_cents::int
            from order_lines order by order_id`,
      ),
    ).toEqual([
      {
        order_id: '00000000-0000-4000-8000-0000000000a1',
        line_number: 1,
        part_id: null,
        sku: '',
        name: 'Old Filter',
        quantity: 2,
        unit_price_cents: 300,
        line_total_cents: 600,
      },
      {
        order_id: '00000000-0000-4000-8000-0000000000b2',
        line_number: 1,
        part_id: '00000000-0000-4000-8000-000000000001',
        sku: 'BP-1',
        name: 'Brake Pads',
        quantity: 4,
        unit_price_cents: 1250,
        line_total_cents: 5000,
      },
    ]);
    const events = await queryRows<{ order_id: string; status: string; actor_name: string | null }>(
      database.db,
      sql`select order_id, status, actor_name from order_events order by order_id, at`,
    );
    expect(events.map((event) => [event.order_id.slice(-2), event.status, event.actor_name])).toEqual([
      ['a1', 'unpaid', 'Ann Buyer'],
      ['a1', 'cancelled', 'Ann Buyer'],
      ['b2', 'unpaid', 'Ann Buyer'],
      ['b2', 'pending', 'Ann Buyer'],
      ['b2', 'shipped', null],
    ]);
    const [next] = await queryRows<{ value: number }>(
      database.db,
      sql`select nextval('order_number_seq')::int as value`,
    );
    expect(next!.value).toBe(100003);
  });
});
