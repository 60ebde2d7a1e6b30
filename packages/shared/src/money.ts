/**
 * Money, in one place (docs/design.md "API"; decision 002): the database stores integer cents, the API sends
 * dollars, and the page shows formatted dollars. Every conversion, line total and display goes through here.
 */

/** One en-US dollar formatter for every price the shop shows (built once; Intl formatters are costly). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars to integer cents, rounded to the nearest cent (e.g. 19.99 -> 1999, 0.1 + 0.2 -> 30). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents to dollars (e.g. 1999 -> 19.99), as the API sends amounts. */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** True when `dollars` has at most two decimals (no fraction of a cent). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/**
 * The total of a line item in dollars: `quantity` units at `unitPrice` dollars each, computed in integer cents
 * so that 3 × $0.10 is exactly $0.30.
 */
export function lineTotal(quantity: number, unitPrice: number): number {
  return toDollars(quantity * toCents(unitPrice));
}

/**
 * Formats an amount of money for display, e.g. 34.5 → "$34.50", 6900 → "$6,900.00".
 *
 * @param dollars the amount in dollars, as the API sends every price and total. Always shown with two decimals.
 * @returns the en-US USD text; a non-finite amount (NaN, Infinity) is shown as "—" rather than "$NaN".
 */
export function formatMoney(dollars: number): string {
  return Number.isFinite(dollars) ? usd.format(dollars) : '—';
}

/**
 * Tax on `subtotalCents` at `basisPoints` (1% = 100), in integer cents, rounded half up (docs/requirements.md §13):
 * 1,000 cents at 8.25% is 82.5 -> 83 cents. Exact in BigInt, so a 10^14-cent subtotal loses nothing.
 */
export function taxCents(subtotalCents: number, basisPoints: number): number {
  return Number((BigInt(subtotalCents) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

/**
 * Tax on `cents` at `milliPercent` thousandths of a percent (6.875% = 6875; docs/requirements.md §16), in integer
 * cents, half a cent rounded up; the same as taxCents at basisPoints x 10.
 */
export function taxCentsMilli(cents: number, milliPercent: number): number {
  return Number((BigInt(cents) * BigInt(milliPercent) + 50_000n) / 100_000n);
}

/**
 * The core deposits of `lines` in dollars (docs/requirements.md §17 "Core charges"): quantity x each line's core
 * charge per unit, summed in cents.
 */
export function coreTotalOf(lines: readonly { quantity: number; coreCharge: number }[]): number {
  return toDollars(lines.reduce((sum, line) => sum + toCents(line.coreCharge) * line.quantity, 0));
}
