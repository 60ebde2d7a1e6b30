/**
 * What other modules read of companies' terms without reading the trade terms tables (docs/design.md "Modules and
 * tables"): the statements and the receivables report show each company's payment terms and credit limit
 * (docs/requirements.md §15 "Statements"), and the order path holds a company's terms while it spends its credit
 * (§15 "Credit").
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { companyTerms, type CompanyTermsRow } from '../../db/schema/index.js';
import type { TradeTerms } from './price-book.js';

/** A stored terms row as the order path and the statements use it (credit limit in cents). */
export function tradeTermsOf(row: CompanyTermsRow): TradeTerms {
  return {
    companyId: row.companyId,
    priceLevel: row.priceLevel,
    paymentTerms: row.paymentTerms,
    creditLimitCents: row.creditLimitCents,
    taxExempt: row.taxExempt,
    resaleCertificate: row.resaleCertificate,
  };
}

/**
 * The terms of the companies `companyIds` that have terms, by company id (credit limit in cents), in one indexed
 * read; a company missing from the map has none (DEFAULT_COMPANY_TERMS apply). Database errors propagate.
 */
export async function findCompanyTerms(
  db: AppDatabase,
  companyIds: readonly string[],
): Promise<Map<string, TradeTerms>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(companyTerms)
    .where(inArray(companyTerms.companyId, [...companyIds]));
  return new Map(rows.map((row) => [row.companyId, tradeTermsOf(row)]));
}

/**
 * Locks the terms row of `companyId` until `tx` ends (`select ... for update`) and returns the terms as they are
 * now (credit limit in cents), or null when the company has none. An account checkout, or the approval of an order
 * on account, takes it before reading the open balance, so two of them for one company run one after the other and
 * cannot both spend the last of the credit. `tx` must be a transaction.
 */
export async function lockCompanyTerms(tx: AppDatabase, companyId: string): Promise<TradeTerms | null> {
  const [row] = await tx
    .select()
    .from(companyTerms)
    .where(eq(companyTerms.companyId, sql.placeholder('companyId')))
    .for('update')
    .prepare('company_terms_locked')
    .execute({ companyId });
  return row ? tradeTermsOf(row) : null;
}
