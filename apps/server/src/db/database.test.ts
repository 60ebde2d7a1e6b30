import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/build-test-app.js';
import { withTestStockReason } from '../test/stock.js';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { anyLengthArray, queryRows, queryRowsPrepared } from './connect.js';
import * as schema from './schema/index.js';
import { databaseErrorCode, isDatabaseUnavailableError } from './errors.js';
import { migrateDatabase } from './migrate.js';
import {
  categories,
  makes,
  orderLines,
  orders,
  parts,
  paymentEvents,
  profiles,
  reviews,
  users,
} from './schema/index.js';

let testDb: TestDatabase;
let categoryId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const [category] = await testDb.database.db
    .insert(categories)
    .values({ slug: 'brakes', name: 'Brakes', img: '/b.svg' })
    .returning();
  categoryId = category!.id;
});
afterAll(() => testDb.drop());

/** The SQLSTATE a failing statement is rejected with (e.g. 23514 check, 23505 unique). */
async function rejectionCode(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    return databaseErrorCode(error);
  }
  return 'resolved';
}

const part = (overrides: Partial<typeof parts.$inferInsert> = {}) => ({
  sku: `SKU-${Math.random().toString(36).slice(2, 10)}`,
  name: 'Brake Pad Set',
  description: 'Front axle.',
  available: 10,
  minqty: 2,
  priceCents: 2599,
  img: '/p.svg',
  categoryId,
  ...overrides,
});

describe('migrations', () => {
  it('create every table of the schema and can run again without changes', async () => {
    await migrateDatabase(testDb.database);
    const rows = await queryRows<{ table_name: string }>(
      testDb.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'accounts',
      'cart_lines',
      'catalog_page_marks',
      'catalog_state',
      'categories',
      'companies',
      'company_addresses',
      'company_invitations',
      'company_members',
      'company_prices',
      'company_terms',
      'credit_memo_counters',
      'credit_memo_lines',
      'credit_memos',
      'garage_vehicles',
      'idempotency_keys',
      'invoice_counters',
      'invoice_payments',
      'invoices',
      'makes',
      'order_events',
      'order_lines',
      'orders',
      'outbound_emails',
      'part_counts',
      'part_fitments',
      'parts',
      'payment_events',
      'price_levels',
      'profiles',
      'return_lines',
      'return_settings',
      'returns',
      'reviews',
      'sandbox_payment_intents',
      'sandbox_refunds',
      'search_words',
      'sessions',
      'shipment_lines',
      'shipments',
      'shipping_methods',
      'stock_movements',
      'tax_rates',
      'users',
      'vehicles',
      'verifications',
    ]);
  });
});

describe('database constraints', () => {
  const db = () => testDb.database.db;

  it('give parts a UUID id and an increasing seq', async () => {
    const [first] = await db().insert(parts).values(part()).returning();
    const [second] = await db().insert(parts).values(part()).returning();
    expect(first!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.seq).toBeGreaterThan(first!.seq);
  });

  it('reject negative stock, minqty below 1 and non-positive prices', async () => {
    expect(
      await rejectionCode(
        db()
          .insert(parts)
          .values(part({ available: -1 })),
      ),
    ).toBe('23514');
    expect(
      await rejectionCode(
        db()
          .insert(parts)
          .values(part({ minqty: 0 })),
      ),
    ).toBe('23514');
    expect(
      await rejectionCode(
        db()
          .insert(parts)
          .values(part({ priceCents: 0 })),
      ),
    ).toBe('23514');
  });

  it('reject a stock update that would go below zero', async () => {
    const [row] = await db()
      .insert(parts)
      .values(part({ available: 3 }))
      .returning();
    expect(
      await rejectionCode(
        withTestStockReason(db(), (tx) =>
          tx
            .update(parts)
            .set({ available: sql`${parts.available} - 4` })
            .where(sql`${parts.id} = ${row!.id}`),
        ),
      ),
    ).toBe('23514');
  });

  it('reject a duplicate SKU', async () => {
    await db()
      .insert(parts)
      .values(part({ sku: 'DUP-1' }));
    expect(
      await rejectionCode(
        db()
          .insert(parts)
          .values(part({ sku: 'DUP-1' })),
      ),
    ).toBe('23505');
  });

  it('reject duplicate slugs of makes', async () => {
    await db().insert(makes).values({ slug: 'kia', name: 'Kia', img: '/k.svg' });
    expect(
      await rejectionCode(db().insert(makes).values({ slug: 'kia', name: 'Kia 2', img: '/k.svg' })),
    ).toBe('23505');
  });

  it('keep user emails unique whatever their case, and roles to user/admin', async () => {
    await db().insert(users).values({ id: 'u1', name: 'Ann', email: 'ann@example.com' });
    expect(
      await rejectionCode(db().insert(users).values({ id: 'u2', name: 'Ann', email: 'ANN@example.com' })),
    ).toBe('23505');
    expect(
      await rejectionCode(
        db()
          .insert(users)
          .values({ id: 'u3', name: 'Eve', email: 'eve@example.com', role: 'root' as 'admin' }),
      ),
    ).toBe('23514');
    const [user] = await db()
      .select()
      .from(users)
      .where(sql`${users.id} = 'u1'`);
    expect(user).toMatchObject({ role: 'user', emailVerified: false });
  });

  it('allow one profile per user', async () => {
    await db().insert(users).values({ id: 'p1', name: 'Pat', email: 'pat@example.com' });
    await db().insert(profiles).values({ userId: 'p1', name: 'Pat', email: 'pat@example.com' });
    expect(
      await rejectionCode(
        db().insert(profiles).values({ userId: 'p1', name: 'Pat', email: 'pat@example.com' }),
      ),
    ).toBe('23505');
  });

  it('keep review ratings between 1 and 5', async () => {
    const review = { name: 'R', img: '/r.svg', description: 'ok' };
    expect(
      await rejectionCode(
        db()
          .insert(reviews)
          .values({ ...review, rating: 0 }),
      ),
    ).toBe('23514');
    expect(
      await rejectionCode(
        db()
          .insert(reviews)
          .values({ ...review, rating: 6 }),
      ),
    ).toBe('23514');
    expect(
      await rejectionCode(
        db()
          .insert(reviews)
          .values({ ...review, rating: 5 }),
      ),
    ).toBe('resolved');
  });

  it('check order quantities, totals and statuses, and keep orders when their part is deleted', async () => {
    const [row] = await db().insert(parts).values(part()).returning();
    const order = {
      productName: 'Brake Pad Set',
      lineCount: 1,
      quantity: 2,
      totalCents: 5198,
      customerName: 'Ann',
      email: 'ann@example.com',
      address: '1 Main St',
    };
    expect(
      await rejectionCode(
        db()
          .insert(orders)
          .values({ ...order, quantity: 0 }),
      ),
    ).toBe('23514');
    expect(
      await rejectionCode(
        db()
          .insert(orders)
          .values({ ...order, totalCents: -1 }),
      ),
    ).toBe('23514');
    expect(
      await rejectionCode(
        db()
          .insert(orders)
          .values({ ...order, status: 'paid' as 'pending' }),
      ),
    ).toBe('23514');
    const [saved] = await db().insert(orders).values(order).returning();
    expect(saved!.status).toBe('unpaid');
    const line = {
      orderId: saved!.id,
      lineNumber: 1,
      partId: row!.id,
      sku: row!.sku,
      name: 'Brake Pad Set',
      quantity: 2,
      unitPriceCents: 2599,
      lineTotalCents: 5198,
    };
    expect(
      await rejectionCode(
        db()
          .insert(orderLines)
          .values({ ...line, unitPriceCents: 0 }),
      ),
    ).toBe('23514');
    await db().insert(orderLines).values(line);

    await db()
      .delete(parts)
      .where(sql`${parts.id} = ${row!.id}`);
    const [kept] = await db()
      .select()
      .from(orderLines)
      .where(sql`${orderLines.orderId} = ${saved!.id}`);
    expect(kept).toMatchObject({ partId: null, name: 'Brake Pad Set', lineTotalCents: 5198 });
  });

  it('de-duplicate payment events by provider event id', async () => {
    const event = {
      provider: 'stripe',
      providerEventId: 'evt_1',
      type: 'payment_intent.succeeded',
      payload: { id: 'evt_1' },
    };
    await db().insert(paymentEvents).values(event);
    expect(await rejectionCode(db().insert(paymentEvents).values(event))).toBe('23505');
  });
});

describe('isDatabaseUnavailableError', () => {
  it('recognises connection failures through the cause chain, and not query errors', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailableError(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('PGlite is closed'))).toBe(true);
    expect(
      isDatabaseUnavailableError(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailableError('text')).toBe(false);
  });
});

describe('closing', () => {
  it('makes ping fail, and a second close is harmless', async () => {
    const other = await createTestDatabase();
    await other.database.ping();
    await other.database.close();
    let failure: unknown;
    await other.database.ping().catch((error: unknown) => (failure = error));
    expect(isDatabaseUnavailableError(failure)).toBe(true);
    await other.database.close();
    await other.drop();
  });
});

describe('queryRowsPrepared', () => {
  it('answers as queryRows; on PostgreSQL each text is one named statement per connection, and values stay parameters', async () => {
    const { db } = testDb.database;
    const square = (n: number) =>
      queryRowsPrepared<{ n: number }>(db, 'test_square', sql`select (${n}::int * ${n}::int) as n`);
    expect(await square(3)).toEqual([{ n: 9 }]);
    expect(await square(12)).toEqual([{ n: 144 }]);
    // Inside a transaction too (a checkout's statements run in one).
    const inTransaction = await db.transaction((tx) =>
      queryRowsPrepared<{ n: number }>(
        tx as unknown as typeof db,
        'test_square',
        sql`select (${5}::int * ${5}::int) as n`,
      ),
    );
    expect(inTransaction).toEqual([{ n: 25 }]);
    if (testDb.database.kind !== 'postgres') return;
    // One connection, so the session's prepared statements are those of that connection.
    const client = await testDb.database.client.connect();
    try {
      const one = drizzleNodePg(client, { schema }) as unknown as typeof db;
      for (const n of [1, 2, 3])
        await queryRowsPrepared(one, 'test_square', sql`select (${n}::int * ${n}::int) as n`);
      const { rows } = await client.query<{ name: string }>(
        `select name from pg_prepared_statements where name like 'test_square_%'`,
      );
      expect(rows).toHaveLength(1);
    } finally {
      client.release();
    }
  });
});

describe('anyLengthArray', () => {
  it('answers as the array itself; on PostgreSQL a prepared statement given one element keeps a generic plan', async () => {
    const { db } = testDb.database;
    const [a, b] = [
      await db.insert(parts).values(part()).returning(),
      await db.insert(parts).values(part()).returning(),
    ];
    const ids = [a[0]!.id, b[0]!.id];
    const skus = (wanted: string[], name: string, array: (value: unknown) => unknown) =>
      queryRowsPrepared<{ sku: string }>(
        db,
        name,
        sql`select sku from ${parts} where id = any(${array(sql.param(wanted))}) order by sku`,
      );
    const opaque = (value: unknown) => anyLengthArray(value, 'uuid[]');
    expect((await skus(ids, 'test_any_length', opaque)).map((row) => row.sku)).toEqual(
      [a[0]!.sku, b[0]!.sku].sort(),
    );
    expect(await skus([ids[1]!], 'test_any_length', opaque)).toEqual([{ sku: b[0]!.sku }]);
    expect(await skus([], 'test_any_length', opaque)).toEqual([]);
    if (testDb.database.kind !== 'postgres') return;
    // One connection, so the session's prepared statements are those of that connection: eight runs with one id.
    const client = await testDb.database.client.connect();
    try {
      const one = drizzleNodePg(client, { schema }) as unknown as typeof db;
      const plans = async (name: string, array: (value: unknown) => unknown) => {
        for (let run = 0; run < 8; run += 1)
          await queryRowsPrepared(
            one,
            name,
            sql`select sku from ${parts} where id = any(${array(sql.param([ids[0]]))})`,
          );
        const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
          `select generic_plans, custom_plans from pg_prepared_statements where name like $1`,
          [`${name}_%`],
        );
        return { generic: Number(rows[0]!.generic_plans), custom: Number(rows[0]!.custom_plans) };
      };
      // The array itself: planned afresh on every run.
      expect(await plans('test_plain_array', (value) => sql`${value}::uuid[]`)).toEqual({
        generic: 0,
        custom: 8,
      });
      // Through anyLengthArray: five custom plans, then the generic plan kept.
      expect(await plans('test_opaque_array', opaque)).toEqual({ generic: 3, custom: 5 });
    } finally {
      client.release();
    }
  });
});
