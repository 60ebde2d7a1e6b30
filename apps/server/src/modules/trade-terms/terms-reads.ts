/**
 * What other modules read of companies' terms without reading the trade terms tables (docs/design.md "Modules and
 * tables"): the statements and the receivables report show each company's payment terms and credit limit
 * (docs/requirements.md §15 "Statements").
 */
import type { PaymentTerms } from '@partsforge/shared';
import { inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { companyTerms } from '../../db/schema/index.js';
import type { TradeTerms } from './price-book.js';

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
  return new Map(
    rows.map((row) => [
      row.companyId,
      {
        companyId: row.companyId,
        priceLevel: row.priceLevel,
        paymentTerms: row.paymentTerms as PaymentTerms,
        creditLimitCents: Number(row.creditLimitCents),
        taxExempt: row.taxExempt,
        resaleCertificate: row.resaleCertificate,
      },
    ]),
  );
}
