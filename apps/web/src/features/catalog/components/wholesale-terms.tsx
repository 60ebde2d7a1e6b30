import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';

type Terms = Pick<Part, 'minqty' | 'price' | 'packSize' | 'priceBreaks'>;

/**
 * A part's wholesale terms in brief, for cards (docs/requirements.md §11): its pack size when it sells in packs,
 * and its lowest price with the quantity that reaches it ("From $8.50 at 200+"). Nothing for a single, flat-priced part.
 */
export function WholesaleTermsSummary({ part }: { part: Terms }) {
  const best = part.priceBreaks.at(-1);
  if (part.packSize <= 1 && !best) return null;
  return (
    <ul className="space-y-1 text-sm font-medium">
      {part.packSize > 1 ? <li>{messages.catalog.packSize(part.packSize)}</li> : null}
      {best ? <li>{messages.catalog.fromPriceAt(best.price, best.minQuantity)}</li> : null}
    </ul>
  );
}

/** A part's whole price table: its price from the minimum order quantity, then each quantity break. */
export function PriceBreakTable({ part }: { part: Terms }) {
  if (part.priceBreaks.length === 0) return null;
  const rows = [{ minQuantity: part.minqty, price: part.price }, ...part.priceBreaks];
  return (
    <table className="table table-sm w-auto">
      <caption className="text-left font-semibold">{messages.catalog.priceBreaksCaption}</caption>
      <thead className="text-base-content">
        <tr>
          <th scope="col">{messages.catalog.priceBreaksQuantity}</th>
          <th scope="col">{messages.catalog.priceBreaksUnitPrice}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.minQuantity}>
            <td>{messages.catalog.priceBreaksFrom(row.minQuantity)}</td>
            <td>{formatMoney(row.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
