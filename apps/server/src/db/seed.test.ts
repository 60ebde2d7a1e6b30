import { asc, count, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/build-test-app.js';
import { queryRows } from './connect.js';
import { catalogFixture } from '../test/catalog-fixture.js';
import { categories, makes, partFitments, parts, reviews } from './schema/index.js';
import { demoCatalog, partFitment } from './catalog-generator.js';
import { resetCatalog, seedCatalog, seedDemoCatalog } from './seed.js';
import type { SeedCatalog } from './seed-data/types.js';

let testDb: TestDatabase;
beforeEach(async () => {
  testDb = await createTestDatabase();
});
afterEach(() => testDb.drop());

async function counts() {
  const db = testDb.database.db;
  const [[p], [c], [m], [r]] = await Promise.all([
    db.select({ value: count() }).from(parts),
    db.select({ value: count() }).from(categories),
    db.select({ value: count() }).from(makes),
    db.select({ value: count() }).from(reviews),
  ]);
  return { parts: p!.value, categories: c!.value, makes: m!.value, reviews: r!.value };
}

/** The parts table's index definitions, by name. */
async function indexes() {
  const rows = await queryRows<{ indexdef: string }>(
    testDb.database.db,
    sql`select indexdef from pg_indexes where tablename = 'parts' order by indexname`,
  );
  return rows.map((row) => row.indexdef);
}

/** part_fitments' index and constraint definitions (the bulk load drops and restores its indexes; the key stays). */
async function fitmentSchema() {
  const rows = await queryRows<{ definition: string }>(
    testDb.database.db,
    sql`select indexdef as definition from pg_indexes where tablename = 'part_fitments'
        union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
        where conrelid = 'part_fitments'::regclass
        order by 1`,
  );
  return rows.map((row) => row.definition);
}

/** Rows in part_fitments. */
async function fitmentCount() {
  const [row] = await testDb.database.db.select({ value: count() }).from(partFitments);
  return row!.value;
}

/** How many application rows a catalogue's parts have (catalog-generator.ts partFitment). */
const rowsOf = (catalog: SeedCatalog) =>
  catalog.parts.reduce((total, part) => total + partFitment(part).length, 0);

describe('seedCatalog', () => {
  it('seeds an empty database once, then does nothing', async () => {
    const first = await seedCatalog(testDb.database.db, catalogFixture);
    expect(first).toEqual({ seeded: true, makes: 2, categories: 3, parts: 15, fitments: 0, reviews: 3 });
    const second = await seedCatalog(testDb.database.db, catalogFixture);
    expect(second).toEqual({ seeded: false, makes: 0, categories: 0, parts: 0, fitments: 0, reviews: 0 });
    expect(await counts()).toEqual({ parts: 15, categories: 3, makes: 2, reviews: 3 });
  });

  it('resolves slugs to ids and keeps prices in cents', async () => {
    await seedCatalog(testDb.database.db, catalogFixture);
    const db = testDb.database.db;
    const rows = await db.select().from(parts).orderBy(asc(parts.seq));
    const makeIds = new Map((await db.select().from(makes)).map((make) => [make.id, make.slug]));
    const categoryIds = new Map(
      (await db.select().from(categories)).map((category) => [category.id, category.slug]),
    );
    expect(rows.map((row) => row.sku)).toEqual(catalogFixture.parts.map((part) => part.sku));
    rows.forEach((row, index) => {
      const source = catalogFixture.parts[index]!;
      expect(row.priceCents).toBe(source.priceCents);
      expect(categoryIds.get(row.categoryId!)).toBe(source.category);
      expect(row.makeId === null ? null : makeIds.get(row.makeId)).toBe(source.make);
    });
  });

  it('inserts nothing when a part names an unknown category', async () => {
    const broken = {
      ...catalogFixture,
      parts: [...catalogFixture.parts, { ...catalogFixture.parts[0]!, sku: 'X-1', category: 'wipers' }],
    };
    await expect(seedCatalog(testDb.database.db, broken)).rejects.toThrow('unknown category "wipers"');
    expect(await counts()).toEqual({ parts: 0, categories: 0, makes: 0, reviews: 0 });
  });

  it('inserts nothing when a part breaks a database constraint', async () => {
    const broken = {
      ...catalogFixture,
      parts: [...catalogFixture.parts, { ...catalogFixture.parts[0]!, sku: 'X-2', available: -5 }],
    };
    await expect(seedCatalog(testDb.database.db, broken)).rejects.toThrow();
    const duplicate = { ...catalogFixture, parts: [...catalogFixture.parts, catalogFixture.parts[0]!] };
    await expect(seedCatalog(testDb.database.db, duplicate)).rejects.toThrow();
    expect(await counts()).toEqual({ parts: 0, categories: 0, makes: 0, reviews: 0 });
  });

  it('seeds again after a reset, reusing nothing stale and keeping reviews', async () => {
    await seedCatalog(testDb.database.db, catalogFixture);
    expect(await resetCatalog(testDb.database.db)).toEqual({ parts: 15, categories: 3, makes: 2 });
    expect(await counts()).toEqual({ parts: 0, categories: 0, makes: 0, reviews: 3 });
    const again = await seedCatalog(testDb.database.db, catalogFixture);
    expect(again).toEqual({ seeded: true, makes: 2, categories: 3, parts: 15, fitments: 0, reviews: 0 });
    expect(await counts()).toEqual({ parts: 15, categories: 3, makes: 2, reviews: 3 });
  });

  it('lets two concurrent seeders insert the catalogue once', async () => {
    const results = await Promise.all([
      seedCatalog(testDb.database.db, catalogFixture),
      seedCatalog(testDb.database.db, catalogFixture),
    ]);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(await counts()).toEqual({ parts: 15, categories: 3, makes: 2, reviews: 3 });
  });
});

describe('seedDemoCatalog', () => {
  it('seeds the shipped demo catalogue within the database constraints, idempotently', async () => {
    const result = await seedDemoCatalog(testDb.database.db);
    expect(result.seeded).toBe(true);
    expect(result.parts).toBeGreaterThan(0);
    expect(result.makes).toBeGreaterThan(0);
    expect(result.categories).toBeGreaterThan(0);
    expect(await counts()).toMatchObject({
      parts: result.parts,
      makes: result.makes,
      categories: result.categories,
    });
    expect((await seedDemoCatalog(testDb.database.db)).seeded).toBe(false);
  });

  it('seeds the demo fitment: application rows, universal flags and searchable interchange numbers; a reset empties them', async () => {
    const db = testDb.database.db;
    const catalog = await demoCatalog();
    const result = await seedDemoCatalog(db);
    expect(result.fitments).toBe(rowsOf(catalog));
    expect(await fitmentCount()).toBe(result.fitments);
    // The brake pads that fit a 2019 Camry, a 2008 Civic and a 2019 F-150, as the vehicle filter asks.
    const padsFor = async (year: number, make: string, model: string) =>
      (
        await queryRows<{ sku: string }>(
          db,
          sql`select distinct p.sku from ${parts} p join ${partFitments} f on f.part_id = p.id
              where f.make_slug = ${make} and f.model_slug = ${model} and ${year} between f.year_from and f.year_to
                and p.name like '%Brake Pad Set%' order by p.sku`,
        )
      ).map((row) => row.sku);
    expect(await padsFor(2019, 'toyota', 'camry')).toEqual(['BP-TOY-04466', 'BP-TOY-48210']);
    expect(await padsFor(2008, 'honda', 'civic')).toEqual(['BP-HON-45023']);
    expect(await padsFor(2019, 'ford', 'f-150')).toEqual(['BP-FRD-20010']);
    const [row] = await db
      .select({ universal: parts.universal, numbers: parts.interchangeNumbers })
      .from(parts)
      .where(sql`${parts.sku} = 'BP-TOY-48210'`);
    expect(row).toEqual({ universal: false, numbers: ['04465-06090', '17D2183M', 'ZD2183'] });
    const universal = await queryRows<{ sku: string }>(
      db,
      sql`select sku from ${parts} where universal order by sku`,
    );
    expect(universal.map((part) => part.sku)).toEqual(
      catalog.parts
        .filter((part) => part.universal)
        .map((part) => part.sku)
        .sort(),
    );
    const [found] = await queryRows<{ sku: string }>(
      db,
      sql`select sku from ${parts} where search_vector @@ to_tsquery('english', '0446506090')`,
    );
    expect(found?.sku).toBe('BP-TOY-48210');

    expect(await resetCatalog(db)).toMatchObject({ parts: catalog.parts.length });
    expect(await fitmentCount()).toBe(0);
  });

  it('seeds a large generated catalogue in bulk, keeping every index and the search working', async () => {
    const db = testDb.database.db;
    const before = await indexes();
    expect(before.join('\n')).toMatch(/parts_search_vector_idx[\s\S]*parts_sku_normalized_trgm_idx/);

    const fitmentBefore = await fitmentSchema();
    expect(fitmentBefore.join('\n')).toMatch(
      /part_fitments_vehicle_idx[\s\S]*FOREIGN KEY \(part_id\) REFERENCES parts\(id\)/,
    );

    const result = await seedDemoCatalog(db, 6000);
    expect(result).toMatchObject({ seeded: true, parts: 6000, fitments: rowsOf(await demoCatalog(6000)) });
    expect(result.fitments).toBeGreaterThan(25_000);
    expect((await counts()).parts).toBe(6000);
    expect(await fitmentCount()).toBe(result.fitments);
    expect(await indexes()).toEqual(before);
    expect(await fitmentSchema()).toEqual(fitmentBefore);
    const [first] = await db.select({ sku: parts.sku }).from(parts).orderBy(asc(parts.seq)).limit(1);
    expect(first?.sku).toBe('BP-TOY-48210');
    const [match] = await db
      .select({ value: count() })
      .from(parts)
      .where(sql`${parts.searchVector} @@ to_tsquery('english', 'alternator')`);
    expect(match!.value).toBeGreaterThan(50);
  });

  // Several connections: PostgreSQL only (PGlite has one).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'seeds a large catalogue over two connections with the same result, and on failure leaves nothing and every index',
    async () => {
      const db = testDb.database.db;
      const before = await indexes();
      const fitmentBefore = await fitmentSchema();
      const catalog = await demoCatalog(12_000);
      // The last chunk repeats a part number of the first: the second connection fails after the first committed.
      const broken = { ...catalog, parts: [...catalog.parts, { ...catalog.parts[0]! }] };
      await expect(seedCatalog(db, broken, { lanes: 2 })).rejects.toThrow();
      expect(await counts()).toEqual({ parts: 0, categories: 0, makes: 0, reviews: 0 });
      expect(await indexes()).toEqual(before);
      // An application row breaking a constraint fails once the parts are in: nothing is left, every index and key back.
      const badRow = {
        ...catalog,
        parts: catalog.parts.map((part, index) =>
          index === 11_000
            ? { ...part, fitment: [{ ...partFitment(catalog.parts[0]!)[0]!, quantity: 0 }] }
            : part,
        ),
      };
      await expect(seedCatalog(db, badRow, { lanes: 2 })).rejects.toThrow();
      expect(await counts()).toEqual({ parts: 0, categories: 0, makes: 0, reviews: 0 });
      expect(await fitmentCount()).toBe(0);
      expect(await indexes()).toEqual(before);
      expect(await fitmentSchema()).toEqual(fitmentBefore);

      const result = await seedCatalog(db, catalog, { lanes: 2 });
      expect(result).toMatchObject({ seeded: true, parts: 12_000, fitments: rowsOf(catalog) });
      expect(await fitmentCount()).toBe(result.fitments);
      expect(await fitmentSchema()).toEqual(fitmentBefore);
      expect(await counts()).toMatchObject({
        parts: 12_000,
        makes: result.makes,
        categories: result.categories,
      });
      expect(await indexes()).toEqual(before);
      const rows = await db.select({ sku: parts.sku }).from(parts).orderBy(asc(parts.sku));
      expect(rows.map((row) => row.sku)).toEqual(catalog.parts.map((part) => part.sku).sort());
      const [match] = await db
        .select({ value: count() })
        .from(parts)
        .where(sql`${parts.searchVector} @@ to_tsquery('english', 'alternator')`);
      expect(match!.value).toBeGreaterThan(50);
      expect((await seedCatalog(db, catalog, { lanes: 2 })).seeded).toBe(false);
    },
    120_000,
  );
});
