import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isOrderable } from '../orderable';
import { CoreCharge, PartPrice, WholesaleTermsSummary } from './wholesale-terms';
import { paths } from '@/lib/paths';

/**
 * A second action beside Buy Now, drawn by the page that shows the cards (e.g. Add to cart, from another feature):
 * it gets the part and the id of the part's name, to describe itself by.
 */
export type PartAction = (part: Part, nameId: string) => ReactNode;

interface PartCardProps {
  part: Part;
  /** Also show the part number (the catalogue does; the home page's Featured Parts keep the spec's card). */
  showPartNumber?: boolean;
  /** Shown under Buy Now when the part can be ordered. */
  action?: PartAction | undefined;
  /** Shown under the name: the fitment badge (docs/requirements.md §12), drawn by the page. */
  badge?: PartAction | undefined;
}

/**
 * One part: picture, facts the buyer needs for a bulk order, and the ways to buy it. The picture and the name
 * link to the part's page (docs/requirements.md §12 "Part pages"; the picture's link is out of the tab order,
 * the name's is the one keyboard users reach); `badge` draws its fitment badge under the name. A superseded part
 * says "Replaced" and links to its replacement instead of the ways to buy it (docs/requirements.md §17).
 */
export function PartCard({ part, showPartNumber = false, action, badge }: PartCardProps) {
  const nameId = `part-${part._id}-name`;
  const href = paths.part.href(part._id);
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <figure className="bg-base-200">
        <Link to={href} tabIndex={-1} className="block w-full px-6 pt-6">
          <img
            src={part.img}
            alt={part.name}
            width={320}
            height={240}
            loading="lazy"
            decoding="async"
            className="h-48 w-full object-contain"
          />
        </Link>
      </figure>
      <div className="card-body gap-3">
        <h3 id={nameId} className="card-title text-lg leading-snug">
          <Link
            to={href}
            className="link-hover rounded-field focus-visible:outline-2 focus-visible:outline-primary"
          >
            {part.name}
          </Link>
        </h3>
        {showPartNumber ? (
          <p className="font-mono text-sm text-base-content/70">{messages.catalog.partNumber(part.sku)}</p>
        ) : null}
        {badge?.(part, nameId)}
        <p className="text-base-content/80">{part.description}</p>
        <ul className="space-y-1 text-sm">
          <li>{messages.home.minimumOrderQuantity(part.minqty)}</li>
          <li>{messages.home.availableQuantity(part.available)}</li>
        </ul>
        <PartPrice part={part} className="text-xl font-bold text-primary" />
        <CoreCharge part={part} />
        <WholesaleTermsSummary part={part} />
        <div className="card-actions mt-auto">
          {part.replacement ? (
            // A superseded part (docs/requirements.md §17) is never ordered: its replacement is.
            <>
              <p className="w-full">
                <span className="badge badge-warning">{messages.supersessionPages.replacedBadge}</span>{' '}
                {messages.supersessionPages.replacedBy(part.replacement.sku)}
              </p>
              <Link
                to={paths.part.href(part.replacement._id)}
                className="btn btn-outline w-full"
                aria-describedby={nameId}
              >
                {messages.supersessionPages.viewReplacement}
              </Link>
            </>
          ) : isOrderable(part) ? (
            <>
              <Link
                to={paths.purchase.href(part._id)}
                className="btn btn-primary w-full"
                aria-describedby={nameId}
              >
                {messages.home.buyNow}
              </Link>
              {action?.(part, nameId)}
            </>
          ) : (
            <p className="w-full rounded-field bg-base-200 px-3 py-2 text-center font-medium">
              {messages.home.notOrderable(part.minqty)}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
