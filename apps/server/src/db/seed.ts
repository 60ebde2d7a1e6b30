/**
 * Demo catalogue seeding (DESIGN.md "Data": seeded on first start into an empty database, and by
 * `npm run seed`). Seed data uses slugs and integer cents (see seed-data/types.ts); rows get UUIDs.
 */
import { count, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from './connect.js';
import { categories, makes, parts, reviews, type NewPartRow } from './schema/index.js';
import type { SeedCategory, SeedMake, SeedPart, SeedReview } from './seed-data/types.js';

/** Everything one seeding run inserts. */
export interface SeedCatalog {
  makes: SeedMake[];
  categories: SeedCategory[];
  parts: SeedPart[];
  reviews: SeedReview[];
}

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
/** Rows per INSERT: 10 parameters a part keeps a chunk far below PostgreSQL's 65535-parameter limit. */
const INSERT_CHUNK = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Inserts `catalog` in one transaction when the parts table is empty (idempotent: a second run inserts
 * nothing). Makes and categories are matched by slug (existing ones are reused); reviews are inserted only
 * when there are none, in reverse so that the first review of the list is shown first (newest first).
 * Throws (and inserts nothing) when a part names an unknown category or make slug or breaks a constraint.
 */
export async function seedCatalog(db: AppDatabase, catalog: SeedCatalog): Promise<SeedResult> {
  return db.transaction(async (tx) => {
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
    for (const chunk of chunks(partRows, INSERT_CHUNK)) await tx.insert(parts).values(chunk);

    let reviewCount = 0;
    const [existingReviews] = await tx.select({ value: count() }).from(reviews);
    if ((existingReviews?.value ?? 0) === 0 && catalog.reviews.length) {
      const rows = [...catalog.reviews]
        .reverse()
        .map(({ name, img, description, rating }) => ({ name, img, description, rating }));
      for (const chunk of chunks(rows, INSERT_CHUNK)) await tx.insert(reviews).values(chunk);
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
}

/**
 * Seeds the shop's demo catalogue (seed-data/index.ts) into an empty catalogue; see seedCatalog. The demo
 * data is imported lazily so processes that never seed do not load it.
 */
export async function seedDemoCatalog(db: AppDatabase): Promise<SeedResult> {
  const demo = await import('./seed-data/index.js');
  return seedCatalog(db, {
    makes: demo.makes,
    categories: demo.categories,
    parts: demo.parts,
    reviews: demo.reviews,
  });
}

/**
 * Empties the catalogue tables (parts, categories, makes) for `npm run seed -- --reset`. Orders keep their
 * snapshots (their part_id becomes null); reviews and users are untouched. Returns the numbers of rows deleted.
 */
export async function resetCatalog(
  db: AppDatabase,
): Promise<{ parts: number; categories: number; makes: number }> {
  return db.transaction(async (tx) => {
    const deletedParts = await tx.delete(parts).returning({ id: parts.id });
    const deletedCategories = await tx.delete(categories).returning({ id: categories.id });
    const deletedMakes = await tx.delete(makes).returning({ id: makes.id });
    return { parts: deletedParts.length, categories: deletedCategories.length, makes: deletedMakes.length };
  });
}
