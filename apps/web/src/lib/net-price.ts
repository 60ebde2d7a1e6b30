import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';

/**
 * A unit price as the buyer sees it (docs/requirements.md §15 "Trade terms"): "$29.33", or "List $34.50 · Your price
 * $29.33" when the list price (dollars; absent for buyers without trade terms) differs from theirs.
 */
export function unitPriceText(unitPrice: number, listUnitPrice?: number): string {
  return listUnitPrice !== undefined && listUnitPrice !== unitPrice
    ? messages.tradeTermsPages.listAndYourPrice(listUnitPrice, unitPrice)
    : formatMoney(unitPrice);
}
