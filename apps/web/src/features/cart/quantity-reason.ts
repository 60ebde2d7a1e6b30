import { ORDER_QUANTITY_MAX } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';
import { quantityProblem, quantityProblemMessage, type QuantityRules } from '@partsforge/shared/pricing';

/**
 * Why a line's quantity cannot be ordered, as the buyer reads it, or null: not a whole number above 0, below
 * the part's minimum, not whole packs, above the stock (the shared rules of docs/requirements.md §11, which
 * the server applies too).
 */
export function quantityReason(quantity: number, rules: QuantityRules): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return messages.cart.badQuantity;
  if (quantity > ORDER_QUANTITY_MAX) return messages.validation.atMost('Quantity', ORDER_QUANTITY_MAX);
  const problem = quantityProblem(quantity, rules);
  return problem ? quantityProblemMessage(problem, rules) : null;
}

/** The smallest quantity of a part that can be ordered: its minimum, rounded up to whole packs. */
export function smallestOrder({ minqty, packSize }: { minqty: number; packSize: number }): number {
  const pack = Math.max(1, packSize);
  return Math.ceil(Math.max(1, minqty) / pack) * pack;
}
