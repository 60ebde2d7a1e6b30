/**
 * What a credit memo credits (docs/requirements.md §17 "Credit memos and refunds"; docs/decisions/028): pure
 * functions of the order as sold, what earlier memos credited, and the restocking fee. Money: integer cents.
 *
 * - A returned unit credits its unit price; a line's tax share is the order's own rate (thousandths of a percent,
 *   fixed when the order was placed) on that amount, rounded half up: the same rule that taxed it, so a line returned
 *   whole gets back the tax it paid, whichever of its order's lines come back. Rounding many small returns could
 *   pass the order's tax by a cent, so a memo never credits more tax than the order's tax less what earlier memos
 *   credited (the shipping's tax stays until the whole order is cancelled).
 * - A core return gives back the OLD unit the core deposit was charged for, not the part bought: it credits the
 *   core deposit (quantity x the line's core charge, never taxed) and nothing of the price.
 * - A unit returned for any other reason (defective, wrong part, not needed) credits its price, its tax share AND
 *   its core deposit: the deposit was charged with that unit and no old core will follow for it. Each shipped unit
 *   comes back once (the order line's returned quantity counts both), as its old core or as itself, so its deposit is
 *   credited once.
 * - `not-needed` units pay the restocking fee (restockingFeePercent of their price, rounded half up); defective and
 *   wrong parts never do, and cores never do.
 * - No line credits more than is left of it: its price total, tax share and core deposits less what earlier memos
 *   credited of each.
 */

/** Why a line is credited: a return's reason, the cancellation of the order, or a goodwill amount. */
export type CreditReason = 'core' | 'defective' | 'wrong-part' | 'not-needed' | 'cancel' | 'goodwill';

/** An order line as sold (cents) and what earlier memos credited of it. */
export interface LineAsSold {
  id: string;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  coreChargeCents: number;
  credited: LineCredit;
}

/** What was credited of a line, in cents. */
export interface LineCredit {
  amountCents: number;
  taxCents: number;
  coreCents: number;
}

/** One priced line of a memo (cents). */
export interface MemoLine {
  orderLineId: string;
  sku: string;
  name: string;
  reason: CreditReason;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  taxCents: number;
  coreCents: number;
  restockingFeeCents: number;
}

/** A memo's totals (cents): total = subtotal + tax + core + shipping - restocking fee. */
export interface MemoTotals {
  subtotalCents: number;
  taxCents: number;
  coreCents: number;
  shippingCents: number;
  restockingFeeCents: number;
  totalCents: number;
}

/** The tax at `rateMilliPercent` (thousandths of a percent) on `cents`, rounded half up. */
export function taxShare(cents: number, rateMilliPercent: number): number {
  return Math.round((cents * rateMilliPercent) / 100_000);
}

/** What is left to credit of `line` at `rateMilliPercent`: price, tax share and core deposits less credited. */
export function lineLeft(line: LineAsSold, rateMilliPercent: number): LineCredit {
  return {
    amountCents: Math.max(0, line.lineTotalCents - line.credited.amountCents),
    taxCents: Math.max(0, taxShare(line.lineTotalCents, rateMilliPercent) - line.credited.taxCents),
    coreCents: Math.max(0, line.coreChargeCents * line.quantity - line.credited.coreCents),
  };
}

/**
 * The memo line of `quantity` returned units of `line` for `reason` (a return's), at the order's rate, with the
 * restocking fee percent. `taxLeft` is the order's tax not yet credited: the line's tax is capped by it.
 */
export function returnLine(
  line: LineAsSold,
  quantity: number,
  reason: Exclude<CreditReason, 'cancel' | 'goodwill'>,
  {
    rateMilliPercent,
    restockingFeePercent,
    taxLeft,
  }: { rateMilliPercent: number; restockingFeePercent: number; taxLeft: number },
): MemoLine {
  const left = lineLeft(line, rateMilliPercent);
  const base = {
    orderLineId: line.id,
    sku: line.sku,
    name: line.name,
    reason,
    quantity,
    unitPriceCents: line.unitPriceCents,
    // Every returned unit's deposit: a core's, and a unit sent back itself (no old core follows for it).
    coreCents: Math.min(left.coreCents, line.coreChargeCents * quantity),
  };
  if (reason === 'core') return { ...base, amountCents: 0, taxCents: 0, restockingFeeCents: 0 };
  const amountCents = Math.min(left.amountCents, line.unitPriceCents * quantity);
  const taxCents = Math.min(left.taxCents, taxLeft, taxShare(amountCents, rateMilliPercent));
  const restockingFeeCents =
    reason === 'not-needed' ? Math.round((amountCents * restockingFeePercent) / 100) : 0;
  return { ...base, amountCents, taxCents, restockingFeeCents };
}

/**
 * The memo line of a goodwill credit of `amountCents` against `line`: taken first from what is left of its price,
 * then of its tax share, then of its core deposits; null when that is more than is left of the line (`left`
 * in cents is then what may still be given).
 */
export function goodwillLine(
  line: LineAsSold,
  amountCents: number,
  rateMilliPercent: number,
): { line: MemoLine } | { line: null; leftCents: number } {
  const left = lineLeft(line, rateMilliPercent);
  const leftCents = left.amountCents + left.taxCents + left.coreCents;
  if (amountCents > leftCents) return { line: null, leftCents };
  const amount = Math.min(amountCents, left.amountCents);
  const tax = Math.min(amountCents - amount, left.taxCents);
  return {
    line: {
      orderLineId: line.id,
      sku: line.sku,
      name: line.name,
      reason: 'goodwill',
      quantity: 0,
      unitPriceCents: line.unitPriceCents,
      amountCents: amount,
      taxCents: tax,
      coreCents: amountCents - amount - tax,
      restockingFeeCents: 0,
    },
  };
}

/** The memo lines of cancelling the whole order: what is left of every line (units, price, tax share, cores). */
export function cancelLines(lines: readonly LineAsSold[], rateMilliPercent: number): MemoLine[] {
  return lines.map((line) => {
    const left = lineLeft(line, rateMilliPercent);
    return {
      orderLineId: line.id,
      sku: line.sku,
      name: line.name,
      reason: 'cancel',
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      amountCents: left.amountCents,
      taxCents: left.taxCents,
      coreCents: left.coreCents,
      restockingFeeCents: 0,
    };
  });
}

/** A memo's totals of `lines`, plus `shippingCents` and, when given, the memo's tax (a cancellation's: all left). */
export function memoTotals(
  lines: readonly MemoLine[],
  { shippingCents = 0, taxCents }: { shippingCents?: number; taxCents?: number } = {},
): MemoTotals {
  const sum = (pick: (line: MemoLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const subtotalCents = sum((line) => line.amountCents);
  const tax = taxCents ?? sum((line) => line.taxCents);
  const coreCents = sum((line) => line.coreCents);
  const restockingFeeCents = sum((line) => line.restockingFeeCents);
  return {
    subtotalCents,
    taxCents: tax,
    coreCents,
    shippingCents,
    restockingFeeCents,
    totalCents: Math.max(0, subtotalCents + tax + coreCents + shippingCents - restockingFeeCents),
  };
}
