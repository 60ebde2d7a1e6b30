/**
 * Customer reviews (docs/requirements.md §3: Review; rating 1..5 stars, enforced by the database). Listed newest
 * first; `seq` breaks ties between reviews created in the same transaction.
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
  },
  (table) => [
    uniqueIndex('reviews_seq_unique').on(table.seq),
    // Scanned backwards for "newest first" (created_at desc, seq desc).
    index('reviews_created_at_seq_idx').on(table.createdAt, table.seq),
    index('reviews_user_id_idx').on(table.userId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
