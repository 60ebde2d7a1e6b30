import type { StockMovementPage } from '@partsforge/shared/stock';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A page of a part's stock history: `page` from 1, `pageSize` movements per page. */
export interface StockMovementsPage {
  page: number;
  pageSize: number;
}

/**
 * `GET /api/admin/parts/{id}/stock-movements?page=&pageSize=` (admin, token; docs/requirements.md §13): a page
 * of the part's movements, newest first, with `total`, `page` and `pageSize`; ApiError 404 for an unknown part.
 */
export function getStockMovements(
  partId: string,
  { page, pageSize }: StockMovementsPage,
  signal?: AbortSignal,
): Promise<StockMovementPage> {
  return apiRequest<StockMovementPage>(`admin/parts/${encodeURIComponent(partId)}/stock-movements`, {
    params: { page, pageSize },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** Cache key of every page of a part's history (an adjustment refreshes them all). */
export const stockMovementsQueryKey = (partId: string) => ['stock-movements', partId] as const;

/** The query of one page of a part's history; always refetched (stock changes with every order). */
export function stockMovementsQueryOptions(partId: string, page: StockMovementsPage) {
  return queryOptions({
    queryKey: [...stockMovementsQueryKey(partId), page],
    queryFn: ({ signal }) => getStockMovements(partId, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** One page of a part's history; the page on screen stays while the next one loads (`isPlaceholderData`). */
export function useStockMovements(partId: string, page: StockMovementsPage) {
  return useQuery(stockMovementsQueryOptions(partId, page));
}
