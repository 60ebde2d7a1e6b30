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
async function insertParts(tx: AppDatabase | Transaction, rows: NewPartRow[]): Promise<void> {
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
    [parts.packSize, 'int', (row) => row.packSize ?? 1],
    // Arrays travel as their text ('{50,200}'): unnest would flatten an array of arrays.
    [parts.breakQuantities, 'text', (row) => `{${(row.breakQuantities ?? []).join(',')}}`],
    [parts.breakPricesCents, 'text', (row) => `{${(row.breakPricesCents ?? []).join(',')}}`],
  ];
  const names = columns.map(([column]) => sql.identifier(column.name));
  const arrays = columns.map(([, type, pick]) => sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`);
  const aliases = columns.map((_, index) => sql.raw(`c${index}`));
  const selected = columns.map(([column], index) =>
    column.columnType === 'PgArray' ? sql.raw(`c${index}::integer[]`) : sql.raw(`c${index}`),
  );
  await tx.execute(
    sql`insert into ${parts} (${sql.join(names, sql`, `)})
        select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as t(${sql.join(aliases, sql`, `)})`,
  );
}

/** Inserts makes or categories by slug (existing slugs kept); returns the new rows' ids. */
async function insertLookups(
  tx: Transaction,
  table: typeof makes | typeof categories,
  rows: { slug: string; name: string; img: string }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(table)
    .values(rows.map(({ slug, name, img }) => ({ slug, name, img })))
    .onConflictDoNothing({ target: table.slug })
    .returning({ id: table.id });
  return inserted.map((row) => row.id);
}

/** The ids of the makes or categories with these slugs, by slug. */
async function idsBySlug(
  tx: Transaction,
  table: typeof makes | typeof categories,
  slugs: string[],
): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await tx
    .select({ id: table.id, slug: table.slug })
    .from(table)
    .where(inArray(table.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/**
 * Inserts the catalogue's makes and categories (existing slugs kept; returns the new ones' ids) and maps its parts
 * to rows by slug; throws for a part naming an unknown slug.
 */
async function catalogRows(
  tx: Transaction,
  catalog: SeedCatalog,
): Promise<{ makeIds: string[]; categoryIds: string[]; partRows: NewPartRow[] }> {
  const makeSlugs = [...new Set(catalog.parts.flatMap((part) => (part.make ? [part.make] : [])))];
  const categorySlugs = [...new Set(catalog.parts.map((part) => part.category))];
  const insertedMakes = await insertLookups(tx, makes, catalog.makes);
  const insertedCategories = await insertLookups(tx, categories, catalog.categories);
  const makeIds = await idsBySlug(tx, makes, makeSlugs);
  const categoryIds = await idsBySlug(tx, categories, categorySlugs);

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
      packSize: part.packSize ?? 1,
      breakQuantities: (part.priceBreaks ?? []).map((tier) => tier.minQuantity),
      breakPricesCents: (part.priceBreaks ?? []).map((tier) => tier.priceCents),
    };
  });
  return {
    makeIds: insertedMakes,
    categoryIds: insertedCategories,
    partRows,
  };
}

/** Inserts the catalogue's reviews when there are none, in reverse so that the first is shown first (newest first). */
async function insertReviews(tx: Transaction, catalog: SeedCatalog): Promise<number> {
  const [existingReviews] = await tx.select({ value: count() }).from(reviews);
  if ((existingReviews?.value ?? 0) > 0 || catalog.reviews.length === 0) return 0;
  const rows = [...catalog.reviews]
    .reverse()
    .map(({ name, img, description, rating }) => ({ name, img, description, rating }));
  for (const chunk of chunks(rows, ROW_INSERT_CHUNK)) await tx.insert(reviews).values(chunk);
  return rows.length;
}

/** Takes the seeding lock (held until `lock`'s transaction ends), then tells whether `db`'s parts table is empty. */
async function lockEmptyCatalogue(lock: Transaction, db: AppDatabase | Transaction = lock): Promise<boolean> {
  await lock.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
  const [partCount] = await db.select({ value: count() }).from(parts);
  return (partCount?.value ?? 0) === 0;
}

const NOT_SEEDED: SeedResult = { seeded: false, makes: 0, categories: 0, parts: 0, reviews: 0 };

/** The result of a run that inserted `rows` and `reviews` reviews. */
function seeded(rows: Awaited<ReturnType<typeof catalogRows>>, reviews: number): SeedResult {
  return {
    seeded: true,
    makes: rows.makeIds.length,
    categories: rows.categoryIds.length,
    parts: rows.partRows.length,
    reviews,
  };
}

/** Options of seedCatalog. */
export interface SeedOptions {
  /**
   * Connections that insert at once (PostgreSQL only; PGlite has one connection). With more than one and at least
   * BULK_FROM parts, the parts go in over that many connections, each its own transaction, and the indexes
   * are rebuilt two at a time; each chunk commits on its own; a failure deletes the inserted parts and restores every index.
   */
  lanes?: number;
}

/**
 * Inserts `catalog` when the parts table is empty (idempotent: a second run inserts nothing; concurrent runs wait
 * for the first). Makes and categories are matched by slug (existing ones are reused); reviews are inserted only
 * when there are none. Throws (and leaves no part) when a part names an unknown category or make slug or breaks a
 * constraint. From BULK_FROM parts on, the parts indexes are rebuilt after the insert and the table vacuumed.
 * One transaction, unless `options.lanes` asks for parallel inserts of a large catalogue (SeedOptions).
 */
export async function seedCatalog(
  db: AppDatabase,
  catalog: SeedCatalog,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const lanes = options.lanes ?? 1;
  const result =
    lanes > 1 && catalog.parts.length >= BULK_FROM
      ? await seedInLanes(db, catalog, lanes)
      : await db.transaction(async (tx): Promise<SeedResult> => {
          if (!(await lockEmptyCatalogue(tx))) return NOT_SEEDED;
          const rows = await catalogRows(tx, catalog);
          const rebuilt = rows.partRows.length >= BULK_FROM ? await secondaryPartIndexes(tx) : [];
          for (const index of rebuilt) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
          for (const chunk of chunks(rows.partRows, INSERT_CHUNK)) await insertParts(tx, chunk);
          for (const index of rebuilt) await tx.execute(sql.raw(index.definition));
          return seeded(rows, await insertReviews(tx, catalog));
        });
  // VACUUM cannot run inside a transaction; PGlite has no autovacuum to do it later.
  // part_counts too: its trigger updated each of its rows once per inserted chunk.
  if (result.parts >= BULK_FROM) await db.execute(sql`vacuum analyze parts, part_counts`);
  return result;
}

/**
 * seedCatalog over `lanes` connections: a transaction holds the seeding lock throughout while others commit the
 * makes and categories, drop the secondary indexes, insert each lane's share of the parts (a statement per chunk), and rebuild the
 * indexes two at a time (the full-text index, the slowest, alone on one connection).
 */
async function seedInLanes(db: AppDatabase, catalog: SeedCatalog, lanes: number): Promise<SeedResult> {
  return db.transaction(async (lock): Promise<SeedResult> => {
    // The lock's transaction never reads parts: its lock on the table would block dropping the indexes.
    if (!(await lockEmptyCatalogue(lock, db))) return NOT_SEEDED;
    const rows = await db.transaction((tx) => catalogRows(tx, catalog));
    const indexes = await db.transaction(async (tx) => {
      const found = await secondaryPartIndexes(tx);
      for (const index of found) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
      return found;
    });
    const restoreIndexes = (group: { definition: string }[]) =>
      group.reduce(
        (done, index) =>
          done.then(() =>
            db.execute(sql.raw(index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '))),
          ),
        Promise.resolve<unknown>(undefined),
      );
    try {
      const partChunks = chunks(rows.partRows, INSERT_CHUNK);
      // One statement (its own transaction) per chunk: the count and dictionary triggers' rows are locked only
      // until each chunk commits, not for a whole lane. Every lane settles before any clean-up: a lane still
      // running would commit after it.
      const settled = await Promise.allSettled(
        Array.from({ length: lanes }, async (_, lane) => {
          for (let index = lane; index < partChunks.length; index += lanes)
            await insertParts(db, partChunks[index]!);
        }),
      );
      const failed = settled.find((lane) => lane.status === 'rejected');
      if (failed) throw failed.reason;
    } catch (error) {
      // The table was empty and the lock kept other seeders out: whatever is in it now is this run's.
      await db.delete(parts);
      if (rows.makeIds.length) await db.delete(makes).where(inArray(makes.id, rows.makeIds));
      if (rows.categoryIds.length)
        await db.delete(categories).where(inArray(categories.id, rows.categoryIds));
      await restoreIndexes(indexes);
      throw error;
    }
    const gin = indexes.filter((index) => /using gin/i.test(index.definition));
    await Promise.all([restoreIndexes(gin), restoreIndexes(indexes.filter((index) => !gin.includes(index)))]);
    return seeded(rows, await insertReviews(lock, catalog));
  });
}

/**
 * Seeds the shop's demo catalogue into an empty catalogue; see seedCatalog. `partCount` unset: the 109
 * curated parts (seed-data/); a number: exactly that many parts, curated first, then generated
 * (catalog-generator.ts; 88,000 take about 15 s on PGlite).
 */
export async function seedDemoCatalog(
  db: AppDatabase,
  partCount?: number,
  options: SeedOptions = {},
): Promise<SeedResult> {
  return seedCatalog(db, await demoCatalog(partCount), options);
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
