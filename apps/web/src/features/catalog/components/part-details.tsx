import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/lib/paths';
import { isOrderable } from '../orderable';
import { PartFitmentTable } from './part-fitment-table';
import { CoreCharge, PartPrice, PriceBreakTable } from './wholesale-terms';

const text = messages.fitment.part;

/** Longest page description given to search engines and link previews. */
const DESCRIPTION_MAX_LENGTH = 160;

/**
 * Puts `description` (cut to DESCRIPTION_MAX_LENGTH) in the page's `<meta name="description">` while the page is
 * shown, and puts the shop's own back when it is left.
 */
function usePageDescription(description: string): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content =
      description.length > DESCRIPTION_MAX_LENGTH
        ? `${description.slice(0, DESCRIPTION_MAX_LENGTH - 1).trimEnd()}…`
        : description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}

interface PartDetailsProps {
  part: Part;
  /** Shown beside Buy Now when the part can be ordered (e.g. Add to cart, from another feature). */
  action?: ReactNode;
  /** How the part fits the buyer's active vehicle (a badge from another feature), under the name. */
  fitBadge?: ReactNode;
}

/**
 * A part's page (docs/requirements.md §12, part pages; §11 for the wholesale terms): image, name (the page's h1
 * and tab title; its description is the page's meta description), SKU, description, price and quantity breaks,
 * minimum order quantity and pack size, stock ("In stock: N" or "Out of stock"), the numbers it replaces
 * ("Replaces: ..."), the order action (Buy Now to the purchase page, and `action`), `fitBadge`, and the fitment
 * table. A superseded part shows "Replaced by <SKU>" linking to its replacement and "View replacement" instead of
 * the order action (docs/requirements.md §17).
 */
export function PartDetails({ part, action, fitBadge }: PartDetailsProps) {
  useDocumentTitle(part.name);
  usePageDescription(part.description);
  const nameId = `part-${part._id}-name`;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="grid gap-8 md:grid-cols-2">
        <figure className="self-start rounded-box bg-base-200 p-6">
          <img
            src={part.img}
            alt={part.name}
            width={480}
            height={360}
            decoding="async"
            className="h-auto max-h-96 w-full object-contain"
          />
        </figure>
        <div className="flex min-w-0 flex-col gap-4">
          <header>
            <h1 id={nameId} className="text-3xl font-bold tracking-tight sm:text-4xl">
              {part.name}
            </h1>
            <p className="mt-2 font-mono text-sm text-base-content/70">{text.sku(part.sku)}</p>
          </header>
          {fitBadge}
          <p className="text-base-content/80">{part.description}</p>
          <PartPrice part={part} className="text-2xl font-bold text-primary" />
          <CoreCharge part={part} />
          <PriceBreakTable part={part} />
          <ul className="space-y-1">
            <li>{messages.home.minimumOrderQuantity(part.minqty)}</li>
            {part.packSize > 1 ? <li>{messages.catalog.packSize(part.packSize)}</li> : null}
            <li className="font-medium">
              {part.available > 0 ? text.inStock(part.available) : text.outOfStock}
            </li>
          </ul>
          {part.interchangeNumbers.length > 0 ? (
            <p className="break-words">{text.replaces(part.interchangeNumbers)}</p>
          ) : null}
          {part.replacement ? (
            // A superseded part (docs/requirements.md §17): no Buy Now or Add to cart, its replacement instead.
            <div className="flex flex-col gap-2">
              <p className="rounded-field bg-base-200 px-3 py-2 font-medium">
                {messages.supersessionPages.replacedByPrefix}{' '}
                <Link to={paths.part.href(part.replacement._id)} className="link font-mono">
                  {part.replacement.sku}
                </Link>
              </p>
              <Link
                to={paths.part.href(part.replacement._id)}
                className="btn btn-primary self-start"
                aria-describedby={nameId}
              >
                {messages.supersessionPages.viewReplacement}
              </Link>
            </div>
          ) : isOrderable(part) ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link to={paths.purchase.href(part._id)} className="btn btn-primary" aria-describedby={nameId}>
                {messages.home.buyNow}
              </Link>
              {action}
            </div>
          ) : (
            <p className="rounded-field bg-base-200 px-3 py-2 font-medium">
              {part.available > 0
                ? messages.home.notOrderable(part.minqty)
                : messages.home.notOrderableDetail}
            </p>
          )}
        </div>
      </div>
      <PartFitmentTable part={part} />
    </div>
  );
}
