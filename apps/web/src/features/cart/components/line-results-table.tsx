import type { CartLineResult } from '@partsforge/shared/cart';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { unitPriceText } from '@/lib/net-price';

/**
 * The lines of a quick order (preview or result): line number, SKU, part name, quantity, unit price and line
 * total. A line that cannot be added still shows its part (when its SKU is known) and its quantity, with its reason
 * in red; lines of one SKU merge into the first, which shows the merged total ("Lines 1 and 2 merged: 121 in all")
 * and the reason when that total breaks a rule. A line of a superseded part shows its old SKU struck through above
 * its replacement's, "Replaced by ..." and the replacement's prices. Scrolls sideways on narrow screens.
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
              <td className="font-mono">
                {/* A superseded part's line (docs/requirements.md §17): the old SKU, then its replacement's. */}
                {result.replacedSku ? (
                  <span className="block text-base-content/60 line-through">{result.replacedSku}</span>
                ) : null}
                {result.sku}
              </td>
              <td>
                {result.name}
                {/* Why the line was not added, or a note on one that was (quantities merged, a changed price). */}
                {result.message ? (
                  <span
                    className={`block text-sm ${result.status === 'error' ? 'text-error' : 'text-base-content/80'}`}
                  >
                    {result.message}
                  </span>
                ) : null}
              </td>
              <td>{result.quantity === null ? '' : result.quantity.toLocaleString('en-US')}</td>
              <td>
                {result.status !== 'error' && result.unitPrice !== undefined
                  ? unitPriceText(result.unitPrice, result.listUnitPrice)
                  : ''}
              </td>
              <td>
                {result.status !== 'error' && result.lineTotal !== undefined
                  ? formatMoney(result.lineTotal)
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
