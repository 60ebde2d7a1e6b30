/**
 * Catalogue tables (spec section 3: Part, Make, Category). Money is integer cents (`price_cents`); the API
 * converts to dollars. Stock rules live in the database too (DESIGN.md "Data"): available >= 0, minqty >= 1,
 * price > 0, unique SKU. `seq` gives every table a stable default order (insertion order).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    makeId: uuid('make_id').references(() => makes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    uniqueIndex('parts_sku_unique').on(table.sku),
    uniqueIndex('parts_seq_unique').on(table.seq),
    index('parts_category_id_idx').on(table.categoryId),
    index('parts_make_id_idx').on(table.makeId),
    check('parts_available_non_negative', sql`${table.available} >= 0`),
    check('parts_minqty_positive', sql`${table.minqty} >= 1`),
    check('parts_price_positive', sql`${table.priceCents} > 0`),
  ],
);

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;
export type MakeRow = typeof makes.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
