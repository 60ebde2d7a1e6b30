/**
 * Wholesale quantities and prices (docs/requirements.md §11 "Wholesale ordering"): a part sells in multiples of its
 * pack size, at least its minimum order quantity and at most its stock, at a unit price that drops at quantity
 * breaks (e.g. $10.00 each, 50+ $9.20, 200+ $8.50). Used by the server (which computes every price) and the web
 * (which shows them up front). Money here is integer cents; the API sends dollars (money.ts). No zod here: the
 * home page's bundle takes these rules in (docs/decisions/007-home-bundle-budget.md).
 */
import { messages } from './messages.js';
import { toCents, toDollars } from './money.js';

/**
 * A quantity break as the API sends it: from `minQuantity` units, `price` dollars a unit (catalog.ts
 * priceBreakSchema checks it; this module stays free of zod so the web app's cart rules load without it).
 */
export interface PriceBreak {
  minQuantity: number;
  price: number;
}

/** A quantity break in integer cents, as stored. */
export interface PriceBreakCents {
  minQuantity: number;
  priceCents: number;
}

/** Most quantity breaks one part may have. */
export const MAX_PRICE_BREAKS = 10;
/** Largest pack size (order multiple). */
export const MAX_PACK_SIZE = 10_000;

/**
 * The unit price in cents of `quantity` units: the price of the highest break at or below `quantity`, else the
 * part's base price. `breaks` ascending by minQuantity (as stored).
 */
export function unitPriceCents(
  quantity: number,
  basePriceCents: number,
  breaks: readonly PriceBreakCents[],
): number {
  let price = basePriceCents;
  for (const { minQuantity, priceCents } of breaks) if (quantity >= minQuantity) price = priceCents;
  return price;
}

/** What a part allows: minimum order quantity, pack size (order multiple) and stock. */
export interface QuantityRules {
  minqty: number;
  packSize: number;
  available: number;
  /**
   * The SKU of the part that replaces this one (the end of its supersession chain, docs/requirements.md §17):
   * a superseded part cannot be ordered at any quantity. Absent or null: the part is current.
   */
  replacementSku?: string | null;
}

/**
 * Which rule `quantity` breaks, or null when it may be ordered: 'superseded' is the part's own (any quantity),
 * the others the quantity's.
 */
export type QuantityProblem = 'superseded' | 'below-minimum' | 'not-pack-multiple' | 'above-stock';

/**
 * The first rule `quantity` breaks: the part not superseded (`replacementSku`), at least `minqty`, a multiple of
 * `packSize`, at most `available` (checked in that order), or null.
 */
export function quantityProblem(quantity: number, rules: QuantityRules): QuantityProblem | null {
  if (rules.replacementSku) return 'superseded';
  if (quantity < rules.minqty) return 'below-minimum';
  if (quantity % rules.packSize !== 0) return 'not-pack-multiple';
  if (quantity > rules.available) return 'above-stock';
  return null;
}

/**
 * Why a part's quantity breaks are invalid, or null: at most MAX_PRICE_BREAKS; thresholds whole numbers above 1
 * and ascending; prices positive, below the base price and descending.
 */
export function priceBreaksProblem(
  basePriceCents: number,
  breaks: readonly PriceBreakCents[],
): string | null {
  if (breaks.length > MAX_PRICE_BREAKS) return `At most ${MAX_PRICE_BREAKS} quantity breaks`;
  let previous: PriceBreakCents = { minQuantity: 1, priceCents: basePriceCents };
  for (const current of breaks) {
    if (!Number.isInteger(current.minQuantity) || current.minQuantity <= previous.minQuantity)
      return 'Quantity break thresholds must be whole numbers in ascending order, above 1';
    if (!Number.isInteger(current.priceCents) || current.priceCents <= 0)
      return 'Quantity break prices must be positive';
    if (current.priceCents >= previous.priceCents)
      return 'Quantity break prices must go down as quantities go up, below the base price';
    previous = current;
  }
  return null;
}

/**
 * The unit price in dollars of `quantity` units of a part as the API sends it (`price` and `priceBreaks` in
 * dollars), computed in cents like the server's (unitPriceCents).
 */
export function partUnitPrice(
  quantity: number,
  part: { price: number; priceBreaks: readonly PriceBreak[] },
): number {
  const breaks = part.priceBreaks.map((tier) => ({
    minQuantity: tier.minQuantity,
    priceCents: toCents(tier.price),
  }));
  return toDollars(unitPriceCents(quantity, toCents(part.price), breaks));
}

/**
 * What a buyer is told about a quantity `problem` (quantityProblem) of a part with `rules`, on a cart line, a
 * quick-order line or a checkout line.
 */
export function quantityProblemMessage(problem: QuantityProblem, rules: QuantityRules): string {
  if (problem === 'superseded')
    return rules.replacementSku
      ? messages.supersessionPages.replacedBy(rules.replacementSku)
      : messages.supersessionPages.replacedUnnamed;
  if (problem === 'below-minimum') return messages.cart.belowMinimum(rules.minqty);
  if (problem === 'not-pack-multiple') return messages.validation.packMultiple(rules.packSize);
  return rules.available <= 0 ? messages.cart.outOfStock : messages.cart.aboveStock(rules.available);
}
