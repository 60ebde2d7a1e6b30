/** One en-US dollar formatter for every price the shop shows (built once; Intl formatters are costly). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Formats an amount of money for display, e.g. 34.5 → "$34.50", 6900 → "$6,900.00".
 *
 * @param dollars the amount in dollars, as the API sends every price and total (the server stores integer
 *   cents and converts them to dollars on the wire, see orders.ts). Always shown with two decimals.
 * @returns the en-US USD text; a non-finite amount (NaN, Infinity) is shown as "—" rather than "$NaN".
 */
export function formatMoney(dollars: number): string {
  return Number.isFinite(dollars) ? usd.format(dollars) : '—';
}
