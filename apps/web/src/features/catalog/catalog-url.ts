import type { PartSort } from '@partsforge/shared/constants';
import { paths } from '@/lib/paths';

/**
 * The parts catalogue's URL (`/parts?q=&category=&make=&sort=&page=&all=1`), without zod so that the home page's
 * "Shop Now" links can build it: use-catalog-search.ts reads it back with the API's schema. The shopper's vehicle
 * is not in it (it is My Garage's active vehicle); `all=1` is the "Show all parts" switch that lifts its filter
 * (docs/requirements.md §12).
 */

/** Path of the parts catalogue page. */
export const CATALOG_PATH = paths.parts.href();

/** The catalogue's state, as kept in the URL (`?q=&category=&make=&sort=&page=&all=1`) so it can be shared. */
export interface CatalogParams {
  /** Search text as typed (trimmed); '' for none. */
  q: string;
  /** `_id` of the category / make filter. */
  category: string | undefined;
  make: string | undefined;
  sort: PartSort;
  /** 1-based page number. */
  page: number;
  /** "Show all parts": the active vehicle does not filter the list. */
  all: boolean;
}

/** The URL search params of a state; defaults are left out so links stay short (`/parts?category=...`). */
export function catalogSearchParams(state: CatalogParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.make) params.set('make', state.make);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.all) params.set('all', '1');
  return params;
}

/** Link to the catalogue with these filters, e.g. `catalogHref({ category: id })` -> `/parts?category=...`. */
export function catalogHref(state: Partial<CatalogParams>): string {
  const search = catalogSearchParams({
    q: '',
    category: undefined,
    make: undefined,
    sort: 'relevance',
    page: 1,
    all: false,
    ...state,
  }).toString();
  return search ? `${CATALOG_PATH}?${search}` : CATALOG_PATH;
}
