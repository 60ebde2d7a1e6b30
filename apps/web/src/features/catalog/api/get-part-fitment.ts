import type { FitmentRow } from '@partsforge/shared/fitment';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';
import { partQueryKey } from './get-part';

/** Most rows one `GET /parts/{id}/fitment` answers (the API's largest `limit`). */
export const FITMENT_MAX_PAGE_SIZE = 100;

/** A page of a part's application rows, optionally of one make (and model) only. */
export interface PartFitmentPage {
  /** Make slug to keep ('toyota'); empty: every make. */
  make?: string | undefined;
  /** Model slug to keep ('camry'), with `make`; empty: every model. */
  model?: string | undefined;
  limit: number;
  offset?: number;
}

/** The request's parameters: empty filters are left out. */
function fitmentParams({ make, model, limit, offset = 0 }: PartFitmentPage) {
  return { make: make || undefined, model: model || undefined, limit, offset };
}

/**
 * `GET /api/parts/{id}/fitment?make=&model=&limit=&offset=` (docs/requirements.md §12): a page of the part's
 * application rows, by make, model and first year, and their total from `X-Total-Count`; ApiError 404 for an
 * unknown part.
 */
export function getPartFitment(
  id: string,
  page: PartFitmentPage,
  signal?: AbortSignal,
): Promise<ListResult<FitmentRow[]>> {
  return apiRequestWithTotal<FitmentRow[]>(`parts/${encodeURIComponent(id)}/fitment`, {
    params: fitmentParams(page),
    ...(signal ? { signal } : {}),
  });
}

/**
 * Every application row of a part (at most MAX_FITMENT_ROWS, docs/requirements.md §12), read in pages of
 * FITMENT_MAX_PAGE_SIZE until the total is reached: one request for most parts.
 */
export async function getAllPartFitment(id: string, signal?: AbortSignal): Promise<FitmentRow[]> {
  const rows: FitmentRow[] = [];
  for (;;) {
    const page = await getPartFitment(id, { limit: FITMENT_MAX_PAGE_SIZE, offset: rows.length }, signal);
    rows.push(...page.data);
    const total = page.total ?? rows.length;
    if (page.data.length === 0 || rows.length >= total) return rows;
  }
}

/** Cache key of a part's fitment: under the part's, so whatever refreshes the part refreshes its rows too. */
export const partFitmentQueryKey = (id: string) => [...partQueryKey(id), 'fitment'] as const;

/** The query of one page of a part's rows (getPartFitment), keyed by the part and the page's parameters. */
export function partFitmentQueryOptions(id: string, page: PartFitmentPage) {
  const params = fitmentParams(page);
  return queryOptions({
    queryKey: [...partFitmentQueryKey(id), params],
    queryFn: ({ signal }) => getPartFitment(id, params, signal),
  });
}

/**
 * One page of a part's rows. With `keepPrevious`, the page on screen stays while the next one loads
 * (`isPlaceholderData` tells them apart); `enabled: false` asks nothing (e.g. for a universal part).
 */
export function usePartFitment(
  id: string,
  page: PartFitmentPage,
  { keepPrevious = false, enabled = true }: { keepPrevious?: boolean; enabled?: boolean } = {},
) {
  return useQuery({
    ...partFitmentQueryOptions(id, page),
    enabled,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/** Every row of a part (getAllPartFitment): the admin's fitment form and the part page's filter options. */
export function useAllPartFitment(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...partFitmentQueryKey(id), 'all'],
    queryFn: ({ signal }) => getAllPartFitment(id, signal),
    enabled,
  });
}
