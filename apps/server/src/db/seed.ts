/**
 * Demo catalogue seeding (docs/design.md "Data": seeded on first start into an empty database, and by
 * `npm run seed`). Seed data uses slugs and integer cents (see seed-data/types.ts); rows get UUIDs.
 * Large catalogues (docs/decisions/005-catalogue-search.md: `npm run seed -- --parts 88000`) come from catalog-generator.ts.
 */
import { count, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { demoCatalog } from './catalog-generator.js';
import { queryRows, type AppDatabase } from './connect.js';
import { categories, makes, parts, reviews, searchWords, type NewPartRow } from './schema/index.js';
import type { SeedCatalog } from './seed-data/types.js';

/** What a seeding run did: `seeded` is false when the catalogue already had parts; counts are rows inserted. */
export interface SeedResult {
  seeded: boolean;
  makes: number;
  categories: number;
  parts: number;
  reviews: number;
}

/** Arbitrary constant key of the transaction advisory lock that keeps two starting processes from both seeding. */
const SEED_LOCK_KEY = 7_313_002;
/** Parts per INSERT (insertParts sends one array parameter per column, so the statement size is fixed). */
const INSERT_CHUNK = 5000;
/** Other rows per INSERT: a few parameters a row keeps a chunk far below PostgreSQL's 65535-parameter limit. */
const ROW_INSERT_CHUNK = 500;
/**
 * From this many parts, the parts table's non-unique indexes (search, filters, sorts) are dropped before the
 * insert and rebuilt after it in the same transaction, which is several times faster than maintaining them
 * row by row; the table is then vacuumed and analysed so the planner and index-only scans see the new rows.
 */
const BULK_FROM = 5000;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/** Names and definitions of the parts table's non-unique indexes, read from pg_indexes (the migrations own them). */
function secondaryPartIndexes(tx: Transaction): Promise<{ name: string; definition: string }[]> {
  return queryRows(
    tx,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = 'parts' and indexdef like 'CREATE INDEX %'`,
  );
}

/**
 * Inserts parts with one statement whose parameters are one array per column (`unnest`): parsing and binding
 * stay cheap however many rows there are, which matters for the large generated catalogues.
 */
async function insertParts(tx: Transaction, rows: NewPartRow[]): Promise<void> {
  const columns: [PgColumn, string, (row: NewPartRow) => unknown][] = [
    [parts.sku, 'text', (row) => row.sku],
    [parts.name, 'text', (row) => row.name],
    [parts.description, 'text', (row) => row.description],
    [parts.available, 'int', (row) => row.available],
    [parts.minqty, 'int', (row) => row.minqty ?? 1],
    [parts.priceCents, 'int', (row) => row.priceCents],
    [parts.img, 'text', (row) => row.img],
    [parts.categoryId, 'uuid', (row) => row.categoryId ?? null],
    [parts.makeId, 'uuid', (row) => row.makeId ?? null],
  ];
  const names = columns.map(([column]) => sql.identifier(column.name));
  const arrays = columns.map(([, type, pick]) => sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`);
  await tx.execute(
    sql`insert into ${parts} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/**
 * Inserts `catalog` in one transaction when the parts table is empty (idempotent: a second run inserts
 * nothing). Makes and categories are matched by slug (existing ones are reused); reviews are inserted only
 * when there are none, in reverse so that the first review of the list is shown first (newest first).
 * Throws (and inserts nothing) when a part names an unknown category or make slug or breaks a constraint.
 * From BULK_FROM parts on, the parts indexes are rebuilt after the insert and the table vacuumed (~15 s for
 * 88,000 parts on PGlite, ~10 s on PostgreSQL).
 */
export async function seedCatalog(db: AppDatabase, catalog: SeedCatalog): Promise<SeedResult> {
  const result = await db.transaction(async (tx): Promise<SeedResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [partCount] = await tx.select({ value: count() }).from(parts);
    if ((partCount?.value ?? 0) > 0) return { seeded: false, makes: 0, categories: 0, parts: 0, reviews: 0 };

    const insertedMakes = catalog.makes.length
      ? await tx
          .insert(makes)
          .values(catalog.makes.map(({ slug, name, img }) => ({ slug, name, img })))
          .onConflictDoNothing({ target: makes.slug })
          .returning({ id: makes.id })
      : [];
    const insertedCategories = catalog.categories.length
      ? await tx
          .insert(categories)
          .values(catalog.categories.map(({ slug, name, img }) => ({ slug, name, img })))
          .onConflictDoNothing({ target: categories.slug })
          .returning({ id: categories.id })
      : [];

    const makeSlugs = [...new Set(catalog.parts.flatMap((part) => (part.make ? [part.make] : [])))];
    const categorySlugs = [...new Set(catalog.parts.map((part) => part.category))];
    const makeIds = new Map(
      makeSlugs.length
        ? (
            await tx
              .select({ id: makes.id, slug: makes.slug })
              .from(makes)
              .where(inArray(makes.slug, makeSlugs))
          ).map((row) => [row.slug, row.id])
        : [],
    );
    const categoryIds = new Map(
      categorySlugs.length
        ? (
            await tx
              .select({ id: categories.id, slug: categories.slug })
              .from(categories)
              .where(inArray(categories.slug, categorySlugs))
          ).map((row) => [row.slug, row.id])
        : [],
    );

    const partRows: NewPartRow[] = catalog.parts.map((part) => {
      const categoryId = categoryIds.get(part.category);
      if (!categoryId) throw new Error(`Seed part ${part.sku} names an unknown category "${part.category}"`);
      const makeId = part.make === null ? null : makeIds.get(part.make);
      if (makeId === undefined)
        throw new Error(`Seed part ${part.sku} names an unknown make "${String(part.make)}"`);
      return {
        sku: part.sku,
        name: part.name,
        description: part.description,
        available: part.available,
        minqty: part.minqty,
        priceCents: part.priceCents,
        img: part.img,
        categoryId,
        makeId,
      };
    });
    const rebuilt = partRows.length >= BULK_FROM ? await secondaryPartIndexes(tx) : [];
    for (const index of rebuilt) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    for (const chunk of chunks(partRows, INSERT_CHUNK)) await insertParts(tx, chunk);
    for (const index of rebuilt) await tx.execute(sql.raw(index.definition));

    let reviewCount = 0;
    const [existingReviews] = await tx.select({ value: count() }).from(reviews);
    if ((existingReviews?.value ?? 0) === 0 && catalog.reviews.length) {
      const rows = [...catalog.reviews]
        .reverse()
        .map(({ name, img, description, rating }) => ({ name, img, description, rating }));
      for (const chunk of chunks(rows, ROW_INSERT_CHUNK)) await tx.insert(reviews).values(chunk);
      reviewCount = rows.length;
    }

    return {
      seeded: true,
      makes: insertedMakes.length,
      categories: insertedCategories.length,
      parts: partRows.length,
      reviews: reviewCount,
    };
  });
  // VACUUM cannot run inside a transaction; PGlite has no autovacuum to do it later.
  if (result.parts >= BULK_FROM) await db.execute(sql`vacuum analyze parts`);
  return result;
}

/**
 * Seeds the shop's demo catalogue into an empty catalogue; see seedCatalog. `partCount` unset: the 109
 * curated parts (seed-data/); a number: exactly that many parts, curated first, then generated
 * (catalog-generator.ts; 88,000 take about 15 s on PGlite).
 */
export async function seedDemoCatalog(db: AppDatabase, partCount?: number): Promise<SeedResult> {
  return seedCatalog(db, await demoCatalog(partCount));
}

/**
 * Empties the catalogue tables (parts, categories, makes, and the search's word list) for
 * `npm run seed -- --reset`. Orders keep their snapshots (their part_id becomes null); reviews and users are
 * untouched. Returns the numbers of rows deleted.
 */
export async function resetCatalog(
  db: AppDatabase,
): Promise<{ parts: number; categories: number; makes: number }> {
  return db.transaction(async (tx) => {
    const deletedParts = await tx.delete(parts).returning({ id: parts.id });
    const deletedCategories = await tx.delete(categories).returning({ id: categories.id });
    const deletedMakes = await tx.delete(makes).returning({ id: makes.id });
    await tx.delete(searchWords);
    return { parts: deletedParts.length, categories: deletedCategories.length, makes: deletedMakes.length };
  });
}
