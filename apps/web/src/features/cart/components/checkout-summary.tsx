import type { Cart } from '@partsforge/shared/cart';
import { messages } from '@partsforge/shared/messages';
import { formatMoney, toCents, toDollars } from '@partsforge/shared/money';
import { unitPriceText } from '@/lib/net-price';

interface CheckoutSummaryProps {
  cart: Cart;
  /** Why a line cannot be ordered (checkout's 409), by part id. */
  reasons: ReadonlyMap<string, string>;
}

/**
 * The order to be placed, read-only: each line (SKU, name, quantity, unit price, total, any reason), the core deposits
 * on their own line when there are any (docs/requirements.md §17), and the total, core deposits included.
 */
export function CheckoutSummary({ cart, reasons }: CheckoutSummaryProps) {
  const total = toDollars(toCents(cart.subtotal) + toCents(cart.coreTotal));
  return (
    <section aria-labelledby="checkout-summary-heading" className="flex flex-col gap-3">
      <h2 id="checkout-summary-heading" className="text-xl font-semibold">
        {messages.cart.summaryCaption}
      </h2>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 px-4">
        {cart.lines.map((line) => {
          const reason = reasons.get(line.partId) ?? line.problem;
          return (
            <li key={line.partId} className="flex flex-col gap-1 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold">{line.name}</h3>
                <span className="font-semibold">{formatMoney(line.lineTotal)}</span>
              </div>
              <p className="text-sm text-base-content/80">
                <span className="font-mono">{line.sku}</span> · {line.quantity} ×{' '}
                {unitPriceText(line.unitPrice, line.listUnitPrice)}
              </p>
              {reason ? <p className="text-sm text-error">{reason}</p> : null}
            </li>
          );
        })}
      </ul>
      {cart.coreTotal > 0 ? (
        <p className="flex justify-between">
          <span className="font-medium">{messages.coreCharges.coreDeposits}</span>
          <span className="font-semibold">{formatMoney(cart.coreTotal)}</span>
        </p>
      ) : null}
      <p className="flex justify-between text-lg">
        <span className="font-medium">{messages.cart.total}</span>
        <span className="font-bold">{formatMoney(total)}</span>
      </p>
    </section>
  );
}
