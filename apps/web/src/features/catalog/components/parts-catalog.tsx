import type { NamedVehicle } from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { Pagination } from '@/components/pagination';
import { Spinner } from '@/components/spinner';
import { useCatalogSearch, type CatalogSearch } from '../hooks/use-catalog-search';
import { CatalogSearchForm } from './catalog-search-form';
import { PartCard, type PartAction } from './part-card';
import { VehicleFilterBar } from './vehicle-filter-bar';

/** What to change when nothing matches: the spelling, or the filters; and a way back to everything. */
function NoResults({ search }: { search: CatalogSearch }) {
  const { params } = search;
  return (
    <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
      <h3 className="text-xl font-semibold">
        {params.q ? messages.catalog.noResultsFor(params.q) : messages.catalog.noResults}
      </h3>
      <ul className="mx-auto mt-3 max-w-prose space-y-1 text-base-content/80">
        {params.q ? <li>{messages.catalog.checkSpelling}</li> : null}
        {params.category || params.make ? <li>{messages.catalog.widenFilters}</li> : null}
        {search.vehicleFilter ? <li>{messages.catalog.vehicleFilter.widenVehicle}</li> : null}
      </ul>
      <button type="button" className="btn btn-primary mt-5" onClick={search.clearAll}>
        {messages.catalog.clearAll}
      </button>
    </div>
  );
}

interface PartsCatalogProps {
  /** Adds a button to each card (Add to cart). */
  partAction?: PartAction | undefined;
  /** Draws a badge on each card (the fitment badge, from the vehicles feature). */
  partBadge?: PartAction | undefined;
  /** The shopper's active vehicle (My Garage): the list shows what fits it unless "Show all parts" is on. */
  vehicle?: NamedVehicle | null | undefined;
  /** False while the active vehicle is not known yet: the list waits for it (no unfiltered flash). */
  vehicleReady?: boolean;
  /** The vehicle selector, shown under the vehicle line (e.g. a collapsed "Change vehicle" panel). */
  vehiclePicker?: ReactNode;
}

/**
 * The searchable parts catalogue (docs/decisions/005-catalogue-search.md): controls, a live count of matches, the parts as cards (the home
 * page's card, with the part number), and paging links; loading, empty and error states. All state lives
 * in the URL (useCatalogSearch). `partAction` adds a button to each card (Add to cart), `partBadge` a badge.
 *
 * Vehicles (docs/requirements.md §12): with `vehicle`, the list holds the parts that fit it or are universal
 * ("Showing parts that fit your ...", a "Show all parts" switch lifts it); a vehicle read in the search text
 * is shown with a button that searches without it; `vehiclePicker` is drawn under that line.
 */
export function PartsCatalog({
  partAction,
  partBadge,
  vehicle = null,
  vehicleReady = true,
  vehiclePicker,
}: PartsCatalogProps) {
  const search = useCatalogSearch({ vehicle, vehicleReady });
  const { params, results, total, pageCount } = search;
  const summary = useRef<HTMLParagraphElement>(null);
  const items = results.data?.data ?? [];
  const updating = results.isFetching && results.isPlaceholderData;
  const from = (params.page - 1) * search.pageSize + 1;

  /** After a paging link: bring the top of the results into view and put keyboard focus there. */
  const showTop = () => {
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    summary.current?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    summary.current?.focus({ preventScroll: true });
  };

  return (
    <div className="space-y-6">
      <VehicleFilterBar search={search} vehicle={vehicle} picker={vehiclePicker} />
      <CatalogSearchForm search={search} />
      <section aria-labelledby="catalog-results-heading" className="space-y-6">
        <h2 id="catalog-results-heading" className="sr-only">
          {messages.catalog.results}
        </h2>
        <div className="flex min-h-6 items-center gap-3">
          <p
            ref={summary}
            role="status"
            tabIndex={-1}
            className="scroll-mt-24 font-medium focus:outline-none"
          >
            {total === null
              ? results.isError
                ? ''
                : messages.catalog.searching
              : items.length > 0 && items.length < total
                ? `${messages.catalog.resultCount(total)}, ${messages.catalog.showing(from, from + items.length - 1)}`
                : messages.catalog.resultCount(total)}
          </p>
          {updating || results.isPending ? <Spinner size="sm" /> : null}
        </div>

        {items[0]?.replaces ? (
          // A search by an old part number (docs/requirements.md §17): its replacement comes first.
          <p role="note" className="alert alert-info">
            {messages.supersessionPages.searchReplaced(items[0].replaces, items[0].sku)}
          </p>
        ) : null}
        {results.isError ? (
          <ErrorMessage title={messages.catalog.loadFailed} detail={results.error.message}>
            <button type="button" className="btn btn-sm mt-3" onClick={() => void results.refetch()}>
              {messages.common.tryAgain}
            </button>
          </ErrorMessage>
        ) : results.isPending ? (
          <div className="min-h-[40rem]" />
        ) : items.length > 0 ? (
          <ul
            aria-busy={updating}
            className={`grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${updating ? 'opacity-60' : ''}`}
          >
            {items.map((part) => (
              <li key={part._id}>
                <PartCard part={part} showPartNumber action={partAction} badge={partBadge} />
              </li>
            ))}
          </ul>
        ) : total ? (
          <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
            <p className="text-lg">{messages.catalog.pastLastPage(params.page)}</p>
            <Link to={search.hrefFor(1)} className="btn btn-primary mt-4">
              {messages.catalog.firstPage}
            </Link>
          </div>
        ) : (
          <NoResults search={search} />
        )}

        {pageCount !== null && !results.isError ? (
          <Pagination
            page={params.page}
            pageCount={pageCount}
            hrefFor={search.hrefFor}
            onNavigate={showTop}
          />
        ) : null}
      </section>
    </div>
  );
}
