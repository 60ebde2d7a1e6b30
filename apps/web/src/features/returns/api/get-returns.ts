import type { Return, ReturnStatusValue } from '@partsforge/shared/returns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal, type ListResult } from '@/lib/api-client';

/** The key every returns query starts with: a step on a return invalidates them all. */
export const returnsQueryKey = ['returns'] as const;

/** A page of a returns list. */
export interface ReturnsPage {
  limit: number;
  offset: number;
}

/**
 * `GET /api/returns` (customers; docs/requirements.md §17 "Returns"): the caller's returns and their company's,
 * newest first, with the total in `X-Total-Count`.
 */
export function getMyReturns(
  { limit, offset }: ReturnsPage,
  signal?: AbortSignal,
): Promise<ListResult<Return[]>> {
  return apiRequestWithTotal<Return[]>('returns', {
    params: { limit, offset },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** A page of My Returns. */
export function useMyReturns(page: ReturnsPage) {
  return useQuery(
    queryOptions({
      queryKey: [...returnsQueryKey, 'mine', page],
      queryFn: ({ signal }) => getMyReturns(page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/**
 * `GET /api/admin/returns?status=` (admins): every return, or those in `status`, newest first, with the total in
 * `X-Total-Count`.
 */
export function getAllReturns(
  { limit, offset, status }: ReturnsPage & { status?: ReturnStatusValue | undefined },
  signal?: AbortSignal,
): Promise<ListResult<Return[]>> {
  return apiRequestWithTotal<Return[]>('admin/returns', {
    params: { limit, offset, status },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** A page of Manage Returns. */
export function useAllReturns(page: ReturnsPage & { status?: ReturnStatusValue | undefined }) {
  return useQuery(
    queryOptions({
      queryKey: [...returnsQueryKey, 'all', page],
      queryFn: ({ signal }) => getAllReturns(page, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET /api/returns/{id}` (its buyer or their company; ApiError 404 for anyone else). */
export function getReturn(id: string, signal?: AbortSignal): Promise<Return> {
  return apiRequest<Return>(`returns/${encodeURIComponent(id)}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** One of the caller's returns. */
export function useReturn(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...returnsQueryKey, 'one', id],
      queryFn: ({ signal }) => getReturn(id, signal),
    }),
  );
}
