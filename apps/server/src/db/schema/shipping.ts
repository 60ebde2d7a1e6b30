/**
 * Shipping (docs/requirements.md §16): the delivery methods buyers choose from and the sales-tax rates by
 * destination. Money is integer cents, weights whole grams, tax rates thousandths of a percent (6.875% is 6875:
 * basis points cannot hold Minnesota's rate). Written only by the shipping module.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A weight band as stored: carts up to `upToGrams` cost `priceCents`. */
export interface WeightBandRow {
  upToGrams: number;
  priceCents: number;
}

/** Delivery methods, offered in `position` order. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** 'flat', 'weight' or 'pickup' (shared SHIPPING_METHOD_KINDS). */
    kind: text('kind').notNull(),
    /** Price of a flat or pickup method; null for a weight method. */
    priceCents: integer('price_cents'),
    /** Ascending bands of a weight method; empty for the other kinds. */
    bands: jsonb('bands').$type<WeightBandRow[]>().notNull().default([]),
    /** Free from this cart subtotal (cents); null: never free. */
    freeOverCents: integer('free_over_cents'),
    transitMinDays: integer('transit_min_days').notNull(),
    transitMaxDays: integer('transit_max_days').notNull(),
    /** 'HH:MM' in SHOP_TIMEZONE: orders placed before it ship the same business day. */
    cutoff: text('cutoff').notNull(),
    /** ISO 3166-1 alpha-2 codes of the destinations served. */
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    position: integer('position').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('shipping_methods_kind', sql`${table.kind} in ('flat', 'weight', 'pickup')`),
    check(
      'shipping_methods_price_non_negative',
      sql`${table.priceCents} is null or ${table.priceCents} >= 0`,
    ),
    check(
      'shipping_methods_transit',
      sql`${table.transitMinDays} >= 0 and ${table.transitMaxDays} >= ${table.transitMinDays}`,
    ),
    check('shipping_methods_cutoff', sql`${table.cutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** Sales tax by destination; an address without a row is taxed at TAX_RATE_PERCENT. */
export const taxRates = pgTable(
  'tax_rates',
  {
    country: text('country').notNull(),
    /** State or province code in capitals ('TX'). */
    region: text('region').notNull(),
    /** Thousandths of a percent: 6.25% is 6250 (0..100000). */
    rateMilliPercent: integer('rate_milli_percent').notNull(),
    /** Whether the shipping charge is taxed too. */
    taxShipping: boolean('tax_shipping').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.country, table.region] }),
    check('tax_rates_rate', sql`${table.rateMilliPercent} between 0 and 100000`),
  ],
);

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;
