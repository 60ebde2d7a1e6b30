/**
 * Trade terms (docs/requirements.md §15; docs/decisions/027-trade-terms.md): price levels with per-category
 * discounts, each company's terms (level, payment terms, credit limit, tax exemption) and its contract prices.
 * Discounts are basis points (1% = 100); money is integer cents. `prices_version` of a company's terms grows with
 * every change of its terms or contract prices, and a level's `version` with every change of the level, so a
 * process's cached price book is known stale by one indexed read.
 */
import type { PaymentTerms } from '@partsforge/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { parts } from './catalog.js';
import { companies } from './companies.js';

/** A category's own discount inside a level. */
export interface CategoryDiscountRow {
  categoryId: string;
  basisPoints: number;
}

/** A price level: a discount off list prices (and off every quantity-break price), some categories their own. */
export const priceLevels = pgTable(
  'price_levels',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull(),
    categoryDiscounts: jsonb('category_discounts').$type<CategoryDiscountRow[]>().notNull().default([]),
    /** Display order. */
    position: integer('position').notNull(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check('price_levels_discount_valid', sql`${table.discountBasisPoints} between 0 and 10000`),
    check('price_levels_code_valid', sql`${table.code} ~ '^[a-z][a-z0-9-]{0,31}$'`),
  ],
);
export type PriceLevelRow = typeof priceLevels.$inferSelect;

/** A company's terms; a company without a row buys at list price by card, with no credit, taxed. */
export const companyTerms = pgTable(
  'company_terms',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    priceLevel: text('price_level')
      .notNull()
      .references(() => priceLevels.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    paymentTerms: text('payment_terms').$type<PaymentTerms>().notNull(),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull(),
    taxExempt: boolean('tax_exempt').notNull(),
    resaleCertificate: text('resale_certificate'),
    pricesVersion: integer('prices_version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index('company_terms_price_level_idx').on(table.priceLevel),
    check(
      'company_terms_payment_terms_valid',
      sql`${table.paymentTerms} in ('card', 'net15', 'net30', 'net60')`,
    ),
    check('company_terms_credit_limit_non_negative', sql`${table.creditLimitCents} >= 0`),
  ],
);
export type CompanyTermsRow = typeof companyTerms.$inferSelect;

/** Contract prices: a company's unit price of a part, overriding its level (quantity breaks do not lower it). */
export const companyPrices = pgTable(
  'company_prices',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.partId] }),
    index('company_prices_part_id_idx').on(table.partId),
    check('company_prices_price_positive', sql`${table.priceCents} > 0`),
  ],
);
export type CompanyPriceRow = typeof companyPrices.$inferSelect;
