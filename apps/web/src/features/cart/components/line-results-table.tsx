import type { CartLineResult } from '@partsforge/shared/cart';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';

/**
 * The lines of a quick order (preview or result): line number, SKU, part name, quantity, unit price and line
 * total, or, for a line that cannot be added, its reason. Scrolls sideways on narrow screens.
 */
export function LineResultsTable({
  caption,
  results,
}: {
  caption: string;
  results: readonly CartLineResult[];
}) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <caption className="p-3 text-left font-semibold">{caption}</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">{messages.cart.line}</th>
            <th scope="col">{messages.cart.sku}</th>
            <th scope="col">{messages.cart.part}</th>
            <th scope="col">{messages.cart.quantity}</th>
            <th scope="col">{messages.cart.unitPrice}</th>
            <th scope="col">{messages.cart.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr key={result.line}>
              <td>{result.line}</td>
              <td className="font-mono">{result.sku}</td>
              {result.status === 'added' ? (
                <>
                  <td>
                    {result.name}
                    {/* A note on a line that was added: quantities merged, a price that changed. */}
                    {result.message ? (
                      <span className="block text-sm text-base-content/80">{result.message}</span>
                    ) : null}
                  </td>
                  <td>{result.quantity}</td>
                  <td>{result.unitPrice === undefined ? '' : formatMoney(result.unitPrice)}</td>
                  <td>{result.lineTotal === undefined ? '' : formatMoney(result.lineTotal)}</td>
                </>
              ) : (
                <td colSpan={4} className="text-error">
                  {result.message}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
