/**
 * Catalogue tables (docs/requirements.md §3: Part, Make, Category). Money is integer cents (`price_cents`); the API
 * converts to dollars. Stock rules live in the database too (docs/design.md "Data"): available >= 0, minqty >= 1,
 * price > 0, unique SKU. `seq` gives every table a stable default order (insertion order).
 * Search (docs/decisions/005-catalogue-search.md): a generated full-text column and trigram indexes.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
  type AnyPgColumn,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's `tsvector` (full-text document); read only inside SQL, never mapped to the API. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * How catalogue text is split into words for search: every run of characters other than ASCII letters and
 * digits is a word break, so 'BP-TOY-48210', 'F-150' and '2.5L' index as 'bp toy 48210', 'f 150', '2 5l'.
 * The repository splits queries the same way (catalog-search.ts: searchTerms).
 */
// Spaces are left as they are (to_tsvector reads any run of blanks as one break, so the document is the same):
// replacing only the other breaks halves the cost of computing the column, which a bulk load pays per row.
const wordsOf = (column: SQLWrapper) => sql`regexp_replace(${column}, '[^a-zA-Z0-9 ]+', ' ', 'g')`;

/** Vehicle makes (spec: Make { _id, name, img }). */
export const makes = pgTable(
  'makes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** Stable key, e.g. 'toyota' (seed data and filters refer to it). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('makes_slug_unique').on(table.slug), uniqueIndex('makes_seq_unique').on(table.seq)],
);

/** Part categories (spec: Category { _id, name, img }). */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('categories_slug_unique').on(table.slug),
    uniqueIndex('categories_seq_unique').on(table.seq),
  ],
);

/** Parts (spec: Part); price in integer cents, stock and minimum order quantity as integers. */
export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the catalogue's default stable order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Quantity in stock. */
    available: integer('available').notNull(),
    /** Minimum order quantity. */
    minqty: integer('minqty').notNull().default(1),
    /** Unit price in integer cents. */
    priceCents: integer('price_cents').notNull(),
    img: text('img').notNull(),
    /** Order multiple: a quantity must be a multiple of it (docs/requirements.md §11). */
    packSize: integer('pack_size').notNull().default(1),
    /** Shipping weight of one unit in whole grams (> 0); the API answers kilograms (docs/requirements.md §16). */
    weightGrams: integer('weight_grams').notNull().default(1000),
    /**
     * The refundable core deposit charged with each unit, integer cents (0: none; docs/requirements.md §17 "Core
     * charges"): alternators, starters, calipers, batteries. Never discounted by trade terms, never taxed.
     */
    coreChargeCents: bigint('core_charge_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Quantity breaks (docs/requirements.md §11): from breakQuantities[i] units the unit price is
     * breakPricesCents[i] cents; both ascending by quantity, empty when the price is flat.
     */
    breakQuantities: integer('break_quantities')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    breakPricesCents: integer('break_prices_cents')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Fits every vehicle (wiper blades, fluids, accessories): no application rows needed (docs/requirements.md §12). */
    universal: boolean('universal').notNull().default(false),
    /** OE and interchange part numbers of other brands this part replaces, as written ('04465-06090'). */
    interchangeNumbers: text('interchange_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    makeId: uuid('make_id').references(() => makes.id, { onDelete: 'set null' }),
    /**
     * The part that supersedes this one (docs/requirements.md §17 "Superseded part numbers"): its direct
     * successor, null when the part is current. Chains resolve to their last part; writes refuse cycles.
     */
    supersededByPartId: uuid('superseded_by_part_id').references((): AnyPgColumn => parts.id, {
      onDelete: 'set null',
    }),
    /**
     * Full-text document: name, part number and interchange numbers (weight A) and description (weight B),
     * English stemming ('pads' finds 'Pad'), words split as in wordsOf. Interchange numbers are also there without
     * their breaks ('0446506090'), so they are found as typed either way. `pf_words_of_numbers` (migration 0016)
     * is their immutable text.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english'::regconfig, ${wordsOf(parts.name)}), 'A') || setweight(to_tsvector('english'::regconfig, ${wordsOf(parts.sku)}), 'A') || setweight(to_tsvector('english'::regconfig, pf_words_of_numbers(${parts.interchangeNumbers})), 'A') || setweight(to_tsvector('english'::regconfig, ${wordsOf(parts.description)}), 'B')`,
      ),
    /** Part number in lower case without separators ('BP-TOY-48210' -> 'bptoy48210'): spacing-proof matching. */
    skuNormalized: text('sku_normalized')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(regexp_replace(${parts.sku}, '[^a-zA-Z0-9]+', '', 'g'))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    uniqueIndex('parts_sku_unique').on(table.sku),
    uniqueIndex('parts_seq_unique').on(table.seq),
    // Filters and sorts (tie-break by seq). name collate "C": byte order, the same on every database.
    index('parts_price_seq_idx').on(table.priceCents, table.seq),
    index('parts_name_seq_idx').on(sql`${table.name} collate "C"`, table.seq),
    index('parts_category_id_seq_idx').on(table.categoryId, table.seq),
    index('parts_category_id_price_seq_idx').on(table.categoryId, table.priceCents, table.seq),
    index('parts_category_id_name_seq_idx').on(table.categoryId, sql`${table.name} collate "C"`, table.seq),
    index('parts_make_id_seq_idx').on(table.makeId, table.seq),
    index('parts_make_id_price_seq_idx').on(table.makeId, table.priceCents, table.seq),
    index('parts_make_id_name_seq_idx').on(table.makeId, sql`${table.name} collate "C"`, table.seq),
    // Both filters at once, in each order: a page is an index-only walk, never a sort of the pair's parts.
    index('parts_category_id_make_id_seq_idx').on(table.categoryId, table.makeId, table.seq),
    index('parts_category_id_make_id_price_seq_idx').on(
      table.categoryId,
      table.makeId,
      table.priceCents,
      table.seq,
    ),
    index('parts_category_id_make_id_name_seq_idx').on(
      table.categoryId,
      table.makeId,
      sql`${table.name} collate "C"`,
      table.seq,
    ),
    // Search: full text, and part numbers whole, in part or with typos (pg_trgm, migration 0001).
    index('parts_search_vector_idx').using('gin', table.searchVector),
    // A part's predecessors (and the successor's delete setting theirs to null) without a scan.
    index('parts_superseded_by_part_id_idx').on(table.supersededByPartId),
    index('parts_sku_normalized_trgm_idx').using('gin', table.skuNormalized.op('gin_trgm_ops')),
    // No index may name `available` (not even in a predicate): every order changes it, and an update that changes
    // an indexed column cannot be HOT, so it would write a new entry into each of this table's indexes
    // (docs/decisions/022-order-path-and-mail-outbox.md). The dashboard's low stock scans the table instead.
    check('parts_available_non_negative', sql`${table.available} >= 0`),
    check('parts_minqty_positive', sql`${table.minqty} >= 1`),
    check('parts_price_positive', sql`${table.priceCents} > 0`),
    check('parts_pack_size_positive', sql`${table.packSize} >= 1`),
    check('parts_weight_positive', sql`${table.weightGrams} > 0`),
    check('parts_core_charge_non_negative', sql`${table.coreChargeCents} >= 0`),
    check(
      'parts_price_breaks_paired',
      sql`cardinality(${table.breakQuantities}) = cardinality(${table.breakPricesCents}) and cardinality(${table.breakQuantities}) <= 10`,
    ),
  ],
);

/**
 * Every word (3+ letters or digits, not only digits, lower case) of every part name, kept by triggers on
 * parts (migration 0003): the dictionary the search corrects typos against ('toyta' -> 'toyota') before it
 * searches the full-text index again. Words of deleted parts stay; they only cost a useless correction.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_word_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
]);

/**
 * How many parts each (category, make) pair holds, null for a part without one: kept exact by triggers on parts
 * (migration 0010), so a list's total is a sum over at most a few hundred rows instead of a count of every
 * matching part (docs/decisions/015-catalogue-pages-without-scans.md).
 */
export const partCounts = pgTable(
  'part_counts',
  {
    categoryId: uuid('category_id'),
    makeId: uuid('make_id'),
    parts: integer('parts').notNull(),
  },
  (table) => [
    unique('part_counts_category_make_unique').on(table.categoryId, table.makeId).nullsNotDistinct(),
  ],
);

/**
 * One row: `version` counts catalogue changes (migration 0010's trigger adds one per changing transaction);
 * `marksVersion` is the version the page marks were built at. The marks are used only while the two are equal.
 */
export const catalogState = pgTable(
  'catalog_state',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    marksVersion: bigint('marks_version', { mode: 'number' }).notNull().default(-1),
  },
  (table) => [check('catalog_state_one_row', sql`${table.id} = 1`)],
);

/**
 * Page marks: every PAGE_MARK_SPACING-th part of each ordered list (the whole catalogue, each category, each make;
 * by catalogue order, price and name), with its position and sort key. A page at any offset starts from the
 * nearest mark before it, so a deep page reads as few index entries as a first one
 * (docs/decisions/015-catalogue-pages-without-scans.md). `scope` names the list: 'all', 'category:<id>' or 'make:<id>'.
 */
export const catalogPageMarks = pgTable(
  'catalog_page_marks',
  {
    scope: text('scope').notNull(),
    /** 'seq' (catalogue order), 'price' or 'name'; descending orders read their ascending list backwards. */
    sort: text('sort').notNull(),
    position: integer('position').notNull(),
    priceCents: integer('price_cents'),
    name: text('name'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.sort, table.position] })],
);

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;
export type MakeRow = typeof makes.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

/**
 * The columns that decide which search result lists hold a part and where: changing one is a catalogue change
 * (CatalogChanges.catalogueChanged), changing any other (stock, minimum, image) only a stock change. Migration
 * 0005's update trigger, which tells other processes, names exactly these (checked by db/catalog-triggers.test.ts).
 */
export const partListedColumns = {
  name: parts.name,
  description: parts.description,
  sku: parts.sku,
  priceCents: parts.priceCents,
  categoryId: parts.categoryId,
  makeId: parts.makeId,
  universal: parts.universal,
  interchangeNumbers: parts.interchangeNumbers,
  supersededByPartId: parts.supersededByPartId,
};
