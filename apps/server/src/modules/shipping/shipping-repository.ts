/**
 * Shipping's storage (docs/requirements.md §16): the delivery methods in their order and the tax rates by
 * destination, each list read whole and replaced whole. Money in cents, weights in grams, rates in thousandths of a
 * percent.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { shippingMethods, taxRates, type TaxRateRow } from '../../db/schema/index.js';
import type { Method } from './quote.js';

/** Shipping reads and writes on one database (the app's or a transaction). */
export interface ShippingRepository {
  /** Every delivery method, in the order offered. */
  methods(): Promise<Method[]>;
  /** Replaces every delivery method with `methods`, in that order. Use inside a transaction. */
  replaceMethods(methods: readonly Method[]): Promise<void>;
  /** Every tax rate, by country and region. */
  taxRates(): Promise<TaxRateRow[]>;
  /** The rate of one destination, or null when it has no row. */
  taxRate(country: string, region: string): Promise<TaxRateRow | null>;
  /** Replaces every tax rate with `rates`. Use inside a transaction. */
  replaceTaxRates(rates: readonly TaxRateRow[]): Promise<void>;
}

/** Builds the repository on `db`. Database errors propagate. */
export function createShippingRepository(db: AppDatabase): ShippingRepository {
  return {
    async methods() {
      const rows = await db.select().from(shippingMethods).orderBy(asc(shippingMethods.position));
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        kind: row.kind as Method['kind'],
        priceCents: row.priceCents,
        bands: row.bands,
        freeOverCents: row.freeOverCents,
        transitMinDays: row.transitMinDays,
        transitMaxDays: row.transitMaxDays,
        cutoff: row.cutoff,
        countries: row.countries,
      }));
    },
    async replaceMethods(methods) {
      await db.delete(shippingMethods);
      if (methods.length === 0) return;
      await db
        .insert(shippingMethods)
        .values(methods.map((method, position) => ({ ...method, position, updatedAt: new Date() })));
    },
    taxRates: () => db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region)),
    async taxRate(country, region) {
      const [row] = await db
        .select()
        .from(taxRates)
        .where(and(eq(taxRates.country, country), eq(taxRates.region, region)));
      return row ?? null;
    },
    async replaceTaxRates(rates) {
      await db.delete(taxRates);
      if (rates.length > 0) await db.insert(taxRates).values([...rates]);
    },
  };
}
