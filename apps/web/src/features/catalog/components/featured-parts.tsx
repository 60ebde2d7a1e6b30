import { FEATURED_PARTS_COUNT } from '@partsforge/shared/constants';
import { messages } from '@partsforge/shared/messages';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { ErrorMessage } from '@/components/error-message';
import { useCatalogViewer } from '../api/catalog-viewer';
import { partsQueryOptions, useParts } from '../api/get-parts';
import { PartCard, type PartAction } from './part-card';

const FEATURED_PARTS_HEADING_ID = 'featured-parts-heading';
const FEATURED_PAGE = { limit: FEATURED_PARTS_COUNT };

/**
 * The first FEATURED_PARTS_COUNT parts as cards, 1, 2 or 3 per row by screen width. By the spec the list shows
 * no loading indicator (it only keeps its space); a failure is shown as an error message. `partAction` adds a
 * button to each card (Add to cart), `partBadge` a badge (the fitment badge: docs/requirements.md §12).
 */
export function FeaturedParts({
  partAction,
  partBadge,
}: {
  partAction?: PartAction | undefined;
  partBadge?: PartAction | undefined;
}) {
  // The request starts while the page renders, after the hero picture's, rather than in the effects run after
  // the first paint (where the home page's requests would make one long main-thread task).
  usePrefetchQuery(partsQueryOptions(FEATURED_PAGE, useCatalogViewer()));
  const parts = useParts(FEATURED_PAGE);
  // The cards render in a background, interruptible render once the list arrives (no long main-thread task).
  const page = useDeferredValue(parts.data);
  return (
    <section id="featured-parts" aria-labelledby={FEATURED_PARTS_HEADING_ID} className="bg-base-100 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id={FEATURED_PARTS_HEADING_ID} className="text-center text-3xl font-bold tracking-tight">
          {messages.home.featuredParts}
        </h2>
        <div className="mt-10">
          {parts.isError ? (
            <ErrorMessage title={messages.errors.featuredPartsFailed} detail={parts.error.message} />
          ) : !page ? (
            <div className="min-h-[40rem]" />
          ) : (
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {page.data.slice(0, FEATURED_PARTS_COUNT).map((part) => (
                <li key={part._id}>
                  <PartCard part={part} action={partAction} badge={partBadge} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
