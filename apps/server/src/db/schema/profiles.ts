/**
 * Customer profiles (docs/requirements.md §3: Profile; section 5: education, address and city are required by the
 * form, phone, linkedin and photo optional). One profile per user.
 */
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/** One customer profile per user (spec: Profile). */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    education: text('education'),
    address: text('address'),
    city: text('city'),
    phone: text('phone'),
    linkedin: text('linkedin'),
    img: text('img'),
    /** Where the address is (docs/requirements.md §16): country code in capitals, state or province, postal code. */
    country: text('country'),
    region: text('region'),
    postalCode: text('postal_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [uniqueIndex('profiles_user_id_unique').on(table.userId)],
);

export type ProfileRow = typeof profiles.$inferSelect;
