import { partsQuerySchema } from '@partsforge/shared/catalog';
import { DEFAULT_PAGE_SIZE, type PartSort } from '@partsforge/shared/constants';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useParts, type VehicleFilter } from '../api/get-parts';
import { catalogSearchParams, type CatalogParams } from '../catalog-url';

/** Quiet time after the last keystroke before the search text goes to the URL (and the API). */
export const SEARCH_DEBOUNCE_MS = 250;

const fields = partsQuerySchema.shape;

/** Parses `value` with one field of the API's query schema; invalid values become undefined. */
function parseField<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  value: string | null,
) {
  const result = schema.safeParse(value ?? undefined);
  return result.success ? result.data : undefined;
}

/**
 * Reads the catalogue state from URL search params with the API's own rules (packages/shared
 * partsQuerySchema); an invalid value falls back to its default, so a hand-edited link still opens.
 */
export function readCatalogParams(params: URLSearchParams): CatalogParams {
  const page = Number(params.get('page') ?? '1');
  return {
    q: parseField(fields.q, params.get('q')) ?? '',
    category: parseField(fields.category, params.get('category')),
    make: parseField(fields.make, params.get('make')),
    sort: parseField(fields.sort, params.get('sort')) ?? 'relevance',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    all: params.get('all') === '1',
  };
}

interface CatalogSearchOptions {
  pageSize?: number;
  /**
   * The shopper's active vehicle (My Garage): the list holds only the parts that fit it or are universal, unless
   * the URL says `all=1` ("Show all parts"). Its make replaces the make filter meanwhile (docs/requirements.md §12).
   */
  vehicle?: VehicleFilter | null | undefined;
  /** False while the vehicle is not known yet (My Garage loading): no request until it is. */
  vehicleReady?: boolean;
}

/**
 * The catalogue's search, filters, sort and paging, kept in the URL, and the current page of parts.
 * Reusable by any list of parts (the storefront's /parts, the admin's Manage Products): render `draft` in a
 * search box, the setters on selects, `hrefFor(page)` on paging links and `results` as you like.
 *
 * History: typing replaces the current entry (after SEARCH_DEBOUNCE_MS of quiet, so one request per pause,
 * not per keystroke); filter, sort and page changes push one, so Back undoes them. Any change but paging
 * returns to page 1. Back and Forward also restore the search box.
 *
 * With `vehicle` (docs/requirements.md §12), the request carries its year, make, model and engine unless "Show
 * all parts" is on (`all=1`); `searchVehicle` is the vehicle the server read in the search text, and
 * `searchWithout()` searches its remaining words alone.
 */
export function useCatalogSearch({
  pageSize = DEFAULT_PAGE_SIZE,
  vehicle = null,
  vehicleReady = true,
}: CatalogSearchOptions = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readCatalogParams(searchParams);

  const [draft, setDraft] = useState(params.q);
  // The q this hook last put in the URL: a URL q different from it came from outside (Back, a link).
  const [written, setWritten] = useState(params.q);
  const [seen, setSeen] = useState(params.q);
  if (params.q !== seen) {
    setSeen(params.q);
    if (params.q !== written) {
      setDraft(params.q);
      setWritten(params.q);
    }
  }

  const typed = draft.trim();
  /** Navigates to `params` changed by `change`, taking the typed text along. */
  const go = (change: Partial<CatalogParams>, replace = false) => {
    setWritten(typed);
    setSearchParams(catalogSearchParams({ ...params, q: typed, page: 1, ...change }), {
      replace,
      preventScrollReset: true,
    });
  };

  useEffect(() => {
    if (typed === params.q) return;
    const timer = setTimeout(() => {
      setWritten(typed);
      setSearchParams(
        (current) => catalogSearchParams({ ...readCatalogParams(current), q: typed, page: 1 }),
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, params.q, setSearchParams]);

  const vehicleFilter = vehicle && !params.all ? vehicle : null;
  const results = useParts(
    {
      limit: pageSize,
      offset: (params.page - 1) * pageSize,
      q: params.q,
      category: params.category,
      make: params.make,
      sort: params.sort,
      vehicle: vehicleFilter,
    },
    { keepPrevious: true, enabled: vehicleReady },
  );
  const total = results.data?.total ?? null;
  const searchVehicle = results.data?.searchVehicle ?? null;

  return {
    params,
    pageSize,
    /** Text in the search box (may be ahead of `params.q` while the visitor types). */
    draft,
    setDraft,
    /** Searches for the typed text now (Enter), without waiting for the pause. */
    submitDraft: () => {
      if (typed !== params.q) go({}, true);
    },
    setCategory: (category: string | undefined) => go({ category }),
    setMake: (make: string | undefined) => go({ make }),
    setSort: (sort: PartSort) => go({ sort }),
    /** The vehicle the list is filtered by (the active one, unless "Show all parts"), or null. */
    vehicleFilter,
    /** "Show all parts": lift (true) or restore (false) the active vehicle's filter. */
    setShowAll: (all: boolean) => go({ all }),
    /** The vehicle the server read in the search text (header X-Search-Vehicle), or null. */
    searchVehicle,
    /** Searches the words of the search text that were not the vehicle (`remainder`) alone. */
    searchWithout: (remainder: string) => {
      const q = remainder.trim();
      setDraft(q);
      setWritten(q);
      setSearchParams(catalogSearchParams({ ...params, q, page: 1 }), { preventScrollReset: true });
    },
    /** Back to the whole catalogue. */
    clearAll: () => {
      setDraft('');
      setWritten('');
      setSearchParams(new URLSearchParams(), { preventScrollReset: true });
    },
    /** Link target of page `page` with the current search and filters. */
    hrefFor: (page: number) => {
      const search = catalogSearchParams({ ...params, page }).toString();
      return { search: search ? `?${search}` : '' };
    },
    /** The current page of parts (the previous one stays while the next loads). */
    results,
    /** Number of matching parts, or null until known. */
    total,
    /** Number of pages (at least 1), or null until known. */
    pageCount: total === null ? null : Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** What useCatalogSearch returns: hand it to the catalogue's components. */
export type CatalogSearch = ReturnType<typeof useCatalogSearch>;
