/**
 * The order path's hold on a company's terms (docs/requirements.md §15 "Credit"): an account checkout, or the
 * approval of an order on account, locks the company's terms row in its transaction before it reads the open balance,
 * so two of them for one company run one after the other and cannot both spend the last of the credit.
 */
import type { PaymentTerms } from '@partsforge/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type AppDatabase } from '../../db/connect.js';
import type { TradeTerms } from './price-book.js';

/**
 * Locks the terms row of `companyId` until `tx` ends (`select ... for update`) and returns the terms as they are
 * now (credit limit in cents), or null when the company has none. `tx` must be a transaction.
 */
export async function lockCompanyTerms(tx: AppDatabase, companyId: string): Promise<TradeTerms | null> {
  const [row] = await queryRows<{
    company_id: string;
    price_level: string;
    payment_terms: PaymentTerms;
    credit_limit_cents: string | number;
    tax_exempt: boolean;
    resale_certificate: string | null;
  }>(
    tx,
    sql`select company_id, price_level, payment_terms, credit_limit_cents, tax_exempt, resale_certificate
          from company_terms where company_id = ${companyId} for update`,
  );
  if (!row) return null;
  return {
    companyId: row.company_id,
    priceLevel: row.price_level,
    paymentTerms: row.payment_terms,
    creditLimitCents: Number(row.credit_limit_cents),
    taxExempt: row.tax_exempt,
    resaleCertificate: row.resale_certificate,
  };
}
