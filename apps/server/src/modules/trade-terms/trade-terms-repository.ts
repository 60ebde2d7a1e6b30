/**
 * Trade terms storage (docs/requirements.md §15 "Trade terms"; docs/decisions/027-trade-terms.md): price levels,
 * companies' terms and contract prices. This module alone writes these tables (docs/design.md "Modules and tables");
 * it reads `categories` and `parts` to check the ids and SKUs an admin names, and `companies` to know a company
 * exists (READ_EXCEPTIONS of table-ownership.test.ts). Discounts are basis points (1% = 100); money is integer cents.
 * Every function runs on the database it is given: pass a transaction to combine them. Database errors propagate.
 */
import type { PaymentTerms } from '@partsforge/shared';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import {
  categories,
  companies,
  companyPrices,
  companyTerms,
  parts,
  priceLevels,
  type CategoryDiscountRow,
  type CompanyTermsRow,
  type PriceLevelRow,
} from '../../db/schema/index.js';

/** A level as it is written: `version` the one it gets. */
export interface LevelValues {
  code: string;
  name: string;
  discountBasisPoints: number;
  categoryDiscounts: CategoryDiscountRow[];
  position: number;
  version: number;
}

/** Terms as they are written (cents). */
export interface TermsValues {
  priceLevel: string;
  paymentTerms: PaymentTerms;
  creditLimitCents: number;
  taxExempt: boolean;
  resaleCertificate: string | null;
}

/** A part a SKU names: its `_id` and its own spelling of the SKU. */
export interface SkuPart {
  id: string;
  sku: string;
}

/** A contract price with its part's SKU (cents). */
export interface ContractPriceRecord {
  partId: string;
  sku: string;
  priceCents: number;
}

/** The price levels in display order. */
export function listLevels(on: AppDatabase): Promise<PriceLevelRow[]> {
  return on.select().from(priceLevels).orderBy(asc(priceLevels.position), asc(priceLevels.code));
}

/**
 * Holds the price levels' lock until the transaction ends: one replacement of the list at a time, each comparing
 * its list with what the one before it wrote. `shared`: for a change of a company's terms, which may run alongside
 * others but not while the list is replaced (the level it names cannot be deleted under it). Only inside a
 * transaction.
 */
export async function lockLevels(tx: AppDatabase, { shared = false } = {}): Promise<void> {
  await tx.execute(
    shared
      ? sql`select pg_advisory_xact_lock_shared(hashtext('partsforge:price-levels'))`
      : sql`select pg_advisory_xact_lock(hashtext('partsforge:price-levels'))`,
  );
}

/** Writes each level (inserted, or updated by code). */
export async function upsertLevels(tx: AppDatabase, levels: LevelValues[]): Promise<void> {
  for (const level of levels)
    await tx
      .insert(priceLevels)
      .values(level)
      .onConflictDoUpdate({
        target: priceLevels.code,
        set: {
          name: level.name,
          discountBasisPoints: level.discountBasisPoints,
          categoryDiscounts: level.categoryDiscounts,
          position: level.position,
          version: level.version,
        },
      });
}

/** Deletes the levels `codes` (none named by a company's terms: the foreign key refuses those). */
export async function deleteLevels(tx: AppDatabase, codes: string[]): Promise<void> {
  if (codes.length > 0) await tx.delete(priceLevels).where(inArray(priceLevels.code, codes));
}

/** Which of `codes` some company's terms name. */
export async function levelsInUse(on: AppDatabase, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await on
    .selectDistinct({ code: companyTerms.priceLevel })
    .from(companyTerms)
    .where(inArray(companyTerms.priceLevel, codes));
  return rows.map((row) => row.code).sort();
}

/** Whether a level `code` exists. */
export async function levelExists(on: AppDatabase, code: string): Promise<boolean> {
  const [row] = await on
    .select({ code: priceLevels.code })
    .from(priceLevels)
    .where(eq(priceLevels.code, code));
  return row !== undefined;
}

/** Which of the category ids `ids` no category has. */
export async function unknownCategoryIds(on: AppDatabase, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await on.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** Whether company `id` (a well-formed uuid) exists. */
export async function companyExists(on: AppDatabase, id: string): Promise<boolean> {
  const [row] = await on.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return row !== undefined;
}

/** Company `companyId`'s terms row, or undefined when an admin never set them. */
export async function findTerms(on: AppDatabase, companyId: string): Promise<CompanyTermsRow | undefined> {
  const [row] = await on.select().from(companyTerms).where(eq(companyTerms.companyId, companyId));
  return row;
}

/** Writes company `companyId`'s terms (inserted, or replaced with `prices_version` + 1); answers the row. */
export async function upsertTerms(
  on: AppDatabase,
  companyId: string,
  values: TermsValues,
): Promise<CompanyTermsRow> {
  const [row] = await on
    .insert(companyTerms)
    .values({ companyId, ...values })
    .onConflictDoUpdate({
      target: companyTerms.companyId,
      set: { ...values, pricesVersion: sql`${companyTerms.pricesVersion} + 1` },
    })
    .returning();
  return row!;
}

/** Inserts `values` as company `companyId`'s terms when it has none (existing terms stay). */
export async function ensureTerms(tx: AppDatabase, companyId: string, values: TermsValues): Promise<void> {
  await tx
    .insert(companyTerms)
    .values({ companyId, ...values })
    .onConflictDoNothing({ target: companyTerms.companyId });
}

/** Locks company `companyId`'s terms row until the transaction ends (serialises changes of its prices). */
export async function lockTerms(tx: AppDatabase, companyId: string): Promise<void> {
  await tx
    .select({ id: companyTerms.companyId })
    .from(companyTerms)
    .where(eq(companyTerms.companyId, companyId))
    .for('update');
}

/** `prices_version` + 1 of company `companyId`'s terms (its buyers' price books are rebuilt). */
export async function bumpPricesVersion(tx: AppDatabase, companyId: string): Promise<void> {
  await tx
    .update(companyTerms)
    .set({ pricesVersion: sql`${companyTerms.pricesVersion} + 1` })
    .where(eq(companyTerms.companyId, companyId));
}

/**
 * The parts the SKUs `skus` name, compared ignoring case: by lower-case SKU, every part so spelt in any case
 * (parts.sku is unique as written, so SKUs that differ only in case may both exist).
 */
export async function partsBySku(on: AppDatabase, skus: string[]): Promise<Map<string, SkuPart[]>> {
  const found = new Map<string, SkuPart[]>();
  const lower = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (lower.length === 0) return found;
  const rows = await on
    .select({ id: parts.id, sku: parts.sku })
    .from(parts)
    .where(inArray(sql`lower(${parts.sku})`, lower));
  for (const row of rows) {
    const key = row.sku.toLowerCase();
    found.set(key, [...(found.get(key) ?? []), row]);
  }
  return found;
}

/** Company `companyId`'s contract prices by their parts' SKUs. */
export function listPrices(on: AppDatabase, companyId: string): Promise<ContractPriceRecord[]> {
  return on
    .select({ partId: companyPrices.partId, sku: parts.sku, priceCents: companyPrices.priceCents })
    .from(companyPrices)
    .innerJoin(parts, eq(parts.id, companyPrices.partId))
    .where(eq(companyPrices.companyId, companyId))
    .orderBy(asc(parts.sku));
}

/** Replaces company `companyId`'s contract prices with `prices` (part id -> cents). */
export async function replacePrices(
  tx: AppDatabase,
  companyId: string,
  prices: ReadonlyMap<string, number>,
): Promise<void> {
  const partIds = [...prices.keys()];
  await tx
    .delete(companyPrices)
    .where(
      partIds.length === 0
        ? eq(companyPrices.companyId, companyId)
        : and(eq(companyPrices.companyId, companyId), notInArray(companyPrices.partId, partIds)),
    );
  const rows = [...prices].map(([partId, priceCents]) => ({ companyId, partId, priceCents }));
  for (let start = 0; start < rows.length; start += 1000)
    await tx
      .insert(companyPrices)
      .values(rows.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [companyPrices.companyId, companyPrices.partId],
        set: { priceCents: sql`excluded.price_cents` },
      });
}
