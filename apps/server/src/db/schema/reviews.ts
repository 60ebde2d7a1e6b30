/**
 * Customer reviews (docs/requirements.md §3: Review; rating 1..5 stars, enforced by the database). Listed newest
 * first; `seq` breaks ties between reviews created in the same transaction. A review is either shop-wide (no part:
 * the home page's) or of one part (its part page, docs/requirements.md §12), and goes with that part when it is
 * deleted.
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
import { parts } from './catalog.js';
import { users } from './identity.js';

/** Reviews (spec: Review); rating in stars 1..5. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The author; null for demo reviews and once the account is removed. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    /** Stars, 1..5. */
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The part reviewed (docs/requirements.md §12); null for a shop-wide review. */
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('reviews_seq_unique').on(table.seq),
    // Scanned backwards for "newest first" (created_at desc, seq desc).
    index('reviews_created_at_seq_idx').on(table.createdAt, table.seq),
    index('reviews_user_id_idx').on(table.userId),
    // One part's reviews newest first, and the shop-wide ones (part_id is null), in one backward scan each.
    index('reviews_part_id_created_at_seq_idx').on(table.partId, table.createdAt, table.seq),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
