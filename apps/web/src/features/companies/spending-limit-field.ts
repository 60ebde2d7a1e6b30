import { spendingLimitSchema } from '@partsforge/shared/companies';
import { formatMoney } from '@partsforge/shared/money';
import { z } from 'zod';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * A spending limit as typed in a form (docs/requirements.md §14 "Company accounts"): dollars, or empty for none
 * (null); checked by the contract's spendingLimitSchema.
 */
export const spendingLimitInput = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : Number(value)))
  .pipe(spendingLimitSchema);

/** A spending limit as the form's field shows it: '' for none. */
export function spendingLimitText(limit: number | null): string {
  return limit === null ? '' : String(limit);
}

/** A member's or invitation's limit as read: "$500.00", or "No limit". */
export function formatSpendingLimit(limit: number | null): string {
  return limit === null ? companyPageMessages.noLimit : formatMoney(limit);
}
