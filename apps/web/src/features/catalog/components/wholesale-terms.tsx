import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';

type Terms = Pick<Part, 'minqty' | 'price' | 'packSize' | 'priceBreaks' | 'listPrice' | 'listPriceBreaks'>;

/** True when the buyer's price differs from the list price (a member with trade terms: docs/requirements.md §15). */
export function hasNetPrice(
  part: Pick<Part, 'price' | 'listPrice'>,
): part is { price: number; listPrice: number } {
  return part.listPrice !== undefined && part.listPrice !== part.price;
}

/**
 * A part's price: "Price: $34.50", or for a member with their own price (docs/requirements.md §15) "List $34.50 ·
 * Your price $29.33" (one text, read alike by screen readers).
 */
export function PartPrice({
  part,
  className,
}: {
  part: Pick<Part, 'price' | 'listPrice'>;
  className: string;
}) {
  return (
    <p className={className}>
      {hasNetPrice(part)
        ? messages.tradeTermsPages.listAndYourPrice(part.listPrice, part.price)
        : messages.home.price(part.price)}
    </p>
  );
}

/**
 * A part's refundable core deposit beside its price (docs/requirements.md §17 "Core charges"): "+ $45.00 refundable
 * core"; nothing for a part sold without one.
 */
export function CoreCharge({ part }: { part: Pick<Part, 'coreCharge'> }) {
  if (!(part.coreCharge > 0)) return null;
  return <p className="text-sm font-medium">{messages.coreCharges.refundableCore(part.coreCharge)}</p>;
}

/**
 * A part's wholesale terms in brief, for cards (docs/requirements.md §11): its pack size when it sells in packs,
 * and its lowest price with the quantity that reaches it ("From $8.50 at 200+"; the buyer's own price). Nothing
 * for a single, flat-priced part.
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

/**
 * A part's whole price table: its price from the minimum order quantity, then each quantity break. For a member
 * with their own prices (docs/requirements.md §15), "Your price" and "List price" columns.
 */
export function PriceBreakTable({ part }: { part: Terms }) {
  if (part.priceBreaks.length === 0) return null;
  const rows = [{ minQuantity: part.minqty, price: part.price }, ...part.priceBreaks];
  const listRows =
    part.listPrice !== undefined && part.listPriceBreaks
      ? [{ minQuantity: part.minqty, price: part.listPrice }, ...part.listPriceBreaks]
      : null;
  const listPriceAt = (minQuantity: number) =>
    listRows?.find((row) => row.minQuantity === minQuantity)?.price;
  const showList = listRows !== null && rows.some((row) => listPriceAt(row.minQuantity) !== row.price);
  return (
    <table className="table table-sm w-auto">
      <caption className="text-left font-semibold">{messages.catalog.priceBreaksCaption}</caption>
      <thead className="text-base-content">
        <tr>
          <th scope="col">{messages.catalog.priceBreaksQuantity}</th>
          <th scope="col">
            {showList ? messages.tradeTermsPages.yourPriceColumn : messages.catalog.priceBreaksUnitPrice}
          </th>
          {showList ? <th scope="col">{messages.tradeTermsPages.listPriceColumn}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const list = listPriceAt(row.minQuantity);
          return (
            <tr key={row.minQuantity}>
              <td>{messages.catalog.priceBreaksFrom(row.minQuantity)}</td>
              <td>{formatMoney(row.price)}</td>
              {showList ? <td>{list === undefined ? '—' : formatMoney(list)}</td> : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
