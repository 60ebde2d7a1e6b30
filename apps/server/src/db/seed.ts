/**
 * Demo catalogue seeding (docs/design.md "Data": seeded on first start into an empty database, and by
 * `npm run seed`). Seed data uses slugs and integer cents (see seed-data/types.ts); rows get UUIDs.
 * Large catalogues (docs/decisions/005-catalogue-search.md: `npm run seed -- --parts 88000`) come from catalog-generator.ts.
 * Each part's fitment (docs/requirements.md §12: universal flag, OE and interchange numbers, application rows in
 * part_fitments) goes in with it.
 */
import { randomUUID } from 'node:crypto';
import { count, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { demoCatalog, partFitment } from './catalog-generator.js';
import { queryRows, type AppDatabase } from './connect.js';
import {
  categories,
  makes,
  partFitments,
  parts,
  reviews,
  searchWords,
  type NewPartRow,
} from './schema/index.js';
import { DEFAULT_PART_WEIGHT_GRAMS, partWeightGrams } from './seed-data/part-weights.js';
import { partCoreChargeCents } from './seed-data/part-cores.js';
import type { SeedCatalog, SeedFitment, SeedPart } from './seed-data/types.js';

/** What a seeding run did: `seeded` is false when the catalogue already had parts; counts are rows inserted. */
export interface SeedResult {
  seeded: boolean;
  makes: number;
  categories: number;
  parts: number;
  /** Application rows (part_fitments). */
  fitments: number;
  reviews: number;
}

/** Arbitrary constant key of the transaction advisory lock that keeps two starting processes from both seeding. */
const SEED_LOCK_KEY = 7_313_002;
/** Parts per INSERT (insertParts sends one array parameter per column, so the statement size is fixed). */
const INSERT_CHUNK = 5000;
/** Application rows per INSERT (insertFitments, one array parameter per column like insertParts). */
const FITMENT_INSERT_ROWS = 10_000;
/** Other rows per INSERT: a few parameters a row keeps a chunk far below PostgreSQL's 65535-parameter limit. */
const ROW_INSERT_CHUNK = 500;
/**
 * From this many parts, the parts table's non-unique indexes (search, filters, sorts) are dropped before the
 * insert and rebuilt after it in the same transaction, which is several times faster than maintaining them
 * row by row; the table is then vacuumed and analysed so the planner and index-only scans see the new rows.
 */
const BULK_FROM = 5000;

/**
 * Memory of each index build after a bulk load (PostgreSQL's default maintenance_work_mem is 64 MB): a GIN index
 * of 1,000,000 parts' documents built in memory rather than in many spilled passes.
 */
const RESTORE_MEMORY = sql`set local maintenance_work_mem = '256MB'`;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/**
 * What a bulk load drops first and restores after (BULK_FROM): the non-unique indexes of the parts and part_fitments
 * tables and part_fitments' foreign keys, read from the catalogue (the migrations own them), each with the
 * statements that drop and restore it. Restoring an object that exists does nothing. In restore order: the
 * full-text and trigram (GIN) indexes, the slowest, first, then part_fitments', then the rest, and the foreign keys
 * last (adding one checks every row in one join, and waits for the index builds on its tables). A foreign key
 * checked row by row cost 4-5 µs a row: about 30 s of the 6 million application rows of 1,000,000 parts, against
 * a few seconds for the one check when it is added back.
 */
async function bulkLoadObjects(tx: Transaction): Promise<{ name: string; drop: SQL; restore: SQL }[]> {
  const indexes = await queryRows<{ name: string; table: string; definition: string }>(
    tx,
    sql`select indexname as name, tablename as table, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename in ('parts', 'part_fitments')
          and indexdef like 'CREATE INDEX %'
        order by indexname`,
  );
  const foreignKeys = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'part_fitments'::regclass and contype = 'f' order by conname`,
  );
  const rank = (index: (typeof indexes)[number]) =>
    /using gin/i.test(index.definition) ? 0 : index.table === 'part_fitments' ? 1 : 2;
  return [
    ...indexes
      .sort((a, b) => rank(a) - rank(b))
      .map((index) => ({
        name: index.name,
        drop: sql`drop index ${sql.identifier(index.name)}`,
        restore: sql.raw(index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')),
      })),
    ...foreignKeys.map((key) => ({
      name: key.name,
      drop: sql`alter table ${partFitments} drop constraint ${sql.identifier(key.name)}`,
      // Only when missing (a load that died half-way leaves it to the next one).
      restore: sql.raw(
        `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'part_fitments'::regclass AND conname = ${quoteLiteral(key.name)}) THEN ALTER TABLE part_fitments ADD CONSTRAINT ${quoteIdentifier(key.name)} ${key.definition}; END IF; END $$`,
      ),
    })),
  ];
}

/** A PostgreSQL string literal of `text`. */
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A PostgreSQL quoted identifier of `name`. */
const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Inserts parts with one statement whose parameters are one array per column (`unnest`): parsing and binding
 * stay cheap however many rows there are, which matters for the large generated catalogues.
 */
async function insertParts(tx: AppDatabase | Transaction, rows: NewPartRow[]): Promise<void> {
  // Column, parameter array type, value, and the cast of the unnested value into the column (arrays travel as their
  // text, '{50,200}': unnest would flatten an array of arrays).
  type Column = [PgColumn, string, (row: NewPartRow) => unknown, string?];
  // The id only when the rows carry one (else the column's default draws it).
  const idColumn: Column = [parts.id, 'uuid', (row) => row.id];
  const columns: Column[] = [
    ...(rows[0]?.id !== undefined ? [idColumn] : []),
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
    [parts.weightGrams, 'int', (row) => row.weightGrams ?? DEFAULT_PART_WEIGHT_GRAMS],
    [parts.coreChargeCents, 'int8', (row) => row.coreChargeCents ?? 0],
    [parts.breakQuantities, 'text', (row) => `{${(row.breakQuantities ?? []).join(',')}}`, 'integer[]'],
    [parts.breakPricesCents, 'text', (row) => `{${(row.breakPricesCents ?? []).join(',')}}`, 'integer[]'],
    [parts.universal, 'boolean', (row) => row.universal ?? false],
    [parts.interchangeNumbers, 'text', (row) => textArray(row.interchangeNumbers ?? []), 'text[]'],
  ];
  const names = columns.map(([column]) => sql.identifier(column.name));
  const arrays = columns.map(([, type, pick]) => sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`);
  const aliases = columns.map((_, index) => sql.raw(`c${index}`));
  const selected = columns.map(([, , , cast], index) => sql.raw(cast ? `c${index}::${cast}` : `c${index}`));
  await tx.execute(
    sql`insert into ${parts} (${sql.join(names, sql`, `)})
        select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as t(${sql.join(aliases, sql`, `)})`,
  );
}

/** PostgreSQL's text of a text array: '{"04465-06090","5Q0 698 151 B"}'. */
function textArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** part_fitments' columns as insertFitments sends them: name, element type, and the row's value. */
const FITMENT_COLUMNS: [string, string, (row: SeedFitment, partId: string) => string | number | null][] = [
  ['part_id', 'uuid', (_, partId) => partId],
  ['make_slug', 'text', (row) => row.make],
  ['model_slug', 'text', (row) => row.model],
  ['year_from', 'smallint', (row) => row.yearFrom],
  ['year_to', 'smallint', (row) => row.yearTo],
  ['engine', 'text', (row) => row.engine],
  ['submodel', 'text', (row) => row.submodel],
  ['position', 'text', (row) => row.position],
  ['quantity', 'smallint', (row) => row.quantity],
  ['note', 'text', (row) => row.note],
];

/** One INSERT's worth of application rows: each column's values as elements of a PostgreSQL array's text. */
interface FitmentBatch {
  rows: number;
  columns: (string | number)[][];
}

/**
 * The application rows of `seedParts` (partFitment: written out for curated parts, expanded from a generated part's
 * application), FITMENT_INSERT_ROWS at a time, with each part's id from `partIds` (by part number). Built batch by
 * batch, so a large catalogue never holds all its rows at once; values are written as array elements here
 * ('"2.5L 4-cyl"', NULL), each distinct text once, which is several times cheaper than the driver's escaping of
 * every element of a JavaScript array.
 */
function* fitmentBatches(seedParts: SeedPart[], partIds: Map<string, string>): Generator<FitmentBatch> {
  const quoted = new Map<string, string>();
  const element = (value: string | number | null): string | number => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') return value;
    let text = quoted.get(value);
    if (text === undefined) {
      text = `"${value.replace(/["\\]/g, '\\$&')}"`;
      quoted.set(value, text);
    }
    return text;
  };
  const empty = (): FitmentBatch => ({ rows: 0, columns: FITMENT_COLUMNS.map(() => []) });
  let batch = empty();
  for (const part of seedParts) {
    const rows = partFitment(part);
    if (rows.length === 0) continue;
    const partId = partIds.get(part.sku);
    if (!partId) throw new Error(`Seed part ${part.sku} was not inserted`);
    for (const row of rows) {
      FITMENT_COLUMNS.forEach(([, , value], index) =>
        batch.columns[index]!.push(element(value(row, partId))),
      );
      batch.rows += 1;
    }
    if (batch.rows >= FITMENT_INSERT_ROWS) {
      yield batch;
      batch = empty();
    }
  }
  if (batch.rows > 0) yield batch;
}

/** Inserts one batch of application rows with one statement (one array parameter per column, as insertParts). */
async function insertFitments(tx: AppDatabase | Transaction, batch: FitmentBatch): Promise<void> {
  const names = FITMENT_COLUMNS.map(([name]) => sql.identifier(name));
  const arrays = FITMENT_COLUMNS.map(
    ([, type], index) => sql`${sql.param(`{${batch.columns[index]!.join(',')}}`)}::${sql.raw(type)}[]`,
  );
  await tx.execute(
    sql`insert into ${partFitments} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/** The ids of the catalogue's parts by part number (the seeder's lock keeps every part in the table its own). */
async function partIdsBySku(db: AppDatabase | Transaction): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; sku: string }>(db, sql`select id, sku from ${parts}`);
  return new Map(rows.map((row) => [row.sku, row.id]));
}

/**
 * Inserts the application rows of `seedParts` over `lanes` connections at once (one statement, and on
 * PostgreSQL outside a transaction its own transaction, per FITMENT_INSERT_ROWS rows); returns how many. The
 * parts' ids by part number are `partIds`, else read from the parts table.
 */
async function insertAllFitments(
  db: AppDatabase | Transaction,
  seedParts: SeedPart[],
  lanes = 1,
  partIds?: Map<string, string>,
): Promise<number> {
  const batches = fitmentBatches(seedParts, partIds ?? (await partIdsBySku(db)));
  let inserted = 0;
  // Each lane takes the next batch when its last one is in: batches are built as they are needed.
  const settled = await Promise.allSettled(
    Array.from({ length: lanes }, async () => {
      for (let next = batches.next(); !next.done; next = batches.next()) {
        inserted += next.value.rows;
        await insertFitments(db, next.value);
      }
    }),
  );
  const failed = settled.find((lane) => lane.status === 'rejected');
  if (failed) throw failed.reason;
  return inserted;
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
      weightGrams: part.weightGrams ?? partWeightGrams(part.sku),
      coreChargeCents: part.coreChargeCents ?? partCoreChargeCents(part.sku),
      breakQuantities: (part.priceBreaks ?? []).map((tier) => tier.minQuantity),
      breakPricesCents: (part.priceBreaks ?? []).map((tier) => tier.priceCents),
      universal: part.universal ?? false,
      interchangeNumbers: part.interchangeNumbers ?? [],
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

const NOT_SEEDED: SeedResult = { seeded: false, makes: 0, categories: 0, parts: 0, fitments: 0, reviews: 0 };

/** The result of a run that inserted `rows`, `fitments` application rows and `reviews` reviews. */
function seeded(
  rows: Awaited<ReturnType<typeof catalogRows>>,
  fitments: number,
  reviews: number,
): SeedResult {
  return {
    seeded: true,
    makes: rows.makeIds.length,
    categories: rows.categoryIds.length,
    parts: rows.partRows.length,
    fitments,
    reviews,
  };
}

/** Options of seedCatalog. */
export interface SeedOptions {
  /**
   * Connections that insert at once (PostgreSQL only; PGlite has one connection). With more than one and at least
   * BULK_FROM parts, the parts and then their application rows go in over that many connections, each chunk its
   * own transaction, and the indexes are restored as many at a time; a failure deletes the inserted
   * parts and rows and restores every index.
   */
  lanes?: number;
}

/**
 * Inserts `catalog` when the parts table is empty (idempotent: a second run inserts nothing; concurrent runs wait
 * for the first). Makes and categories are matched by slug (existing ones are reused); reviews are inserted only
 * when there are none. Each part's universal flag and interchange numbers go in with it, then its application rows
 * (partFitment) into part_fitments. Throws (and leaves no part) when a part names an unknown category or make slug
 * or breaks a constraint. From BULK_FROM parts on, the parts and part_fitments indexes are rebuilt after the insert
 * and the tables vacuumed. One transaction, unless `options.lanes` asks for parallel inserts of a large catalogue
 * (SeedOptions).
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
          const rebuilt = rows.partRows.length >= BULK_FROM ? await bulkLoadObjects(tx) : [];
          for (const object of rebuilt) await tx.execute(object.drop);
          for (const chunk of chunks(rows.partRows, INSERT_CHUNK)) await insertParts(tx, chunk);
          const fitments = await insertAllFitments(tx, catalog.parts);
          if (rebuilt.length) await tx.execute(RESTORE_MEMORY);
          for (const object of rebuilt) await tx.execute(object.restore);
          return seeded(rows, fitments, await insertReviews(tx, catalog));
        });
  // VACUUM cannot run inside a transaction; PGlite has no autovacuum to do it later.
  // part_counts too: its trigger updated each of its rows once per inserted chunk. Over lanes, a table a lane.
  if (result.parts >= BULK_FROM && lanes > 1)
    await Promise.all(
      ['parts', 'part_fitments', 'part_counts'].map((table) =>
        db.execute(sql`vacuum analyze ${sql.identifier(table)}`),
      ),
    );
  else if (result.parts >= BULK_FROM) await db.execute(sql`vacuum analyze parts, part_fitments, part_counts`);
  return result;
}

/**
 * seedCatalog over `lanes` connections: a transaction holds the seeding lock throughout while others commit the
 * makes and categories, drop the secondary indexes (parts and part_fitments) and part_fitments' foreign key,
 * insert each lane's share of the parts (a statement per chunk) while `lanes` more insert the application rows the
 * same way (the parts' ids are drawn here), and restore the indexes `lanes` at a time, each connection taking the
 * next when it is done (the GIN indexes, the slowest, first; the foreign key last). Each build has 256 MB.
 */
async function seedInLanes(db: AppDatabase, catalog: SeedCatalog, lanes: number): Promise<SeedResult> {
  return db.transaction(async (lock): Promise<SeedResult> => {
    // The lock's transaction never reads parts: its lock on the table would block dropping the indexes.
    if (!(await lockEmptyCatalogue(lock, db))) return NOT_SEEDED;
    const rows = await db.transaction((tx) => catalogRows(tx, catalog));
    const rebuilt = await db.transaction(async (tx) => {
      const found = await bulkLoadObjects(tx);
      for (const object of found) await tx.execute(object.drop);
      return found;
    });
    // Every lane takes the next object when its last one is restored (GIN indexes, the slowest, go first).
    const restore = async () => {
      const queue = [...rebuilt];
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          for (let object = queue.shift(); object; object = queue.shift())
            await db.transaction(async (tx) => {
              await tx.execute(RESTORE_MEMORY);
              await tx.execute(object.restore);
            });
        }),
      );
    };
    let fitments = 0;
    try {
      // Each part's id is drawn here (a random UUID, as the column's default draws it), so the application rows
      // need not wait for the parts to be read back: they go in over their own lanes alongside the parts (the
      // foreign key is checked once, when it is restored).
      for (const row of rows.partRows) row.id = randomUUID();
      const partIds = new Map(rows.partRows.map((row) => [row.sku, row.id!]));
      const partChunks = chunks(rows.partRows, INSERT_CHUNK);
      // One statement (its own transaction) per chunk: the count and dictionary triggers' rows are locked only
      // until each chunk commits, not for a whole lane. Every lane settles before any clean-up: a lane still
      // running would commit after it.
      const settled = await Promise.allSettled([
        ...Array.from({ length: lanes }, async (_, lane) => {
          for (let index = lane; index < partChunks.length; index += lanes)
            await insertParts(db, partChunks[index]!);
        }),
        insertAllFitments(db, catalog.parts, lanes, partIds).then((count) => {
          fitments = count;
        }),
      ]);
      const failed = settled.find((lane) => lane.status === 'rejected');
      if (failed) throw failed.reason;
    } catch (error) {
      // The table was empty and the lock kept other seeders out: whatever is in it now is this run's. The
      // application rows first, in one statement, rather than by each part's cascade.
      await db.delete(partFitments);
      await db.delete(parts);
      if (rows.makeIds.length) await db.delete(makes).where(inArray(makes.id, rows.makeIds));
      if (rows.categoryIds.length)
        await db.delete(categories).where(inArray(categories.id, rows.categoryIds));
      await restore();
      throw error;
    }
    await restore();
    return seeded(rows, fitments, await insertReviews(lock, catalog));
  });
}

/**
 * Seeds the shop's demo catalogue into an empty catalogue; see seedCatalog. `partCount` unset: the 119
 * curated parts (seed-data/); a number: exactly that many parts, curated first, then generated
 * (catalog-generator.ts; 88,000, with about 500,000 application rows, take about 30 s on PGlite).
 */
export async function seedDemoCatalog(
  db: AppDatabase,
  partCount?: number,
  options: SeedOptions = {},
): Promise<SeedResult> {
  return seedCatalog(db, await demoCatalog(partCount), options);
}

/**
 * Empties the catalogue tables (parts with their application rows, categories, makes, and the search's word list)
 * for `npm run seed -- --reset`. Orders keep their snapshots (their part_id becomes null); reviews and users are
 * untouched. Returns the numbers of rows deleted.
 */
export async function resetCatalog(
  db: AppDatabase,
): Promise<{ parts: number; categories: number; makes: number }> {
  return db.transaction(async (tx) => {
    // The application rows in one statement, rather than by each part's cascade.
    await tx.delete(partFitments);
    const deletedParts = await tx.delete(parts).returning({ id: parts.id });
    const deletedCategories = await tx.delete(categories).returning({ id: categories.id });
    const deletedMakes = await tx.delete(makes).returning({ id: makes.id });
    await tx.delete(searchWords);
    return { parts: deletedParts.length, categories: deletedCategories.length, makes: deletedMakes.length };
  });
}
