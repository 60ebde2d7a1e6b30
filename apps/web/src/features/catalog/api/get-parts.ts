import type { Part } from '@partsforge/shared/catalog';
import type { PartSort } from '@partsforge/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';

/** A page of `GET /api/parts`, optionally searched, filtered and sorted (docs/decisions/005-catalogue-search.md). */
export interface PartsPage {
  limit: number;
  offset?: number;
  /** Search text: names, descriptions and part numbers. */
  q?: string | undefined;
  /** `_id` of a category / make to filter by. */
  category?: string | undefined;
  make?: string | undefined;
  /** Order; the API's default is 'relevance' (the catalogue order when there is no search text). */
  sort?: PartSort | undefined;
}

/** The request's parameters: defaults and empty values are left out, so the home page keeps its short URL. */
function partsParams({ limit, offset = 0, q, category, make, sort }: PartsPage) {
  return {
    limit,
    offset,
    q: q?.trim() || undefined,
    category: category || undefined,
    make: make || undefined,
    sort: sort && sort !== 'relevance' ? sort : undefined,
  };
}

/** `GET /api/parts?limit=&offset=&q=&category=&make=&sort=`: a page of parts and the total in `X-Total-Count`. */
export function getParts(page: PartsPage, signal?: AbortSignal): Promise<ListResult<Part[]>> {
  return apiRequestWithTotal<Part[]>('parts', {
    params: partsParams(page),
    ...(signal ? { signal } : {}),
  });
}

export function partsQueryOptions(page: PartsPage) {
  const params = partsParams(page);
  return queryOptions({
    queryKey: ['parts', params],
    queryFn: ({ signal }) => getParts(params, signal),
  });
}

/**
 * The page's parts. With `keepPrevious`, the last page stays on screen while the next one loads (paging and
 * searching without a blank flash; `isPlaceholderData` tells the two apart).
 */
export function useParts(page: PartsPage, { keepPrevious = false }: { keepPrevious?: boolean } = {}) {
  return useQuery({
    ...partsQueryOptions(page),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
