import type { Part } from '@partsforge/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';

export interface PartsPage {
  limit: number;
  offset?: number;
}

/** `GET /api/parts?limit=&offset=`: a page of parts and the total in `X-Total-Count`. */
export function getParts(
  { limit, offset = 0 }: PartsPage,
  signal?: AbortSignal,
): Promise<ListResult<Part[]>> {
  return apiRequestWithTotal<Part[]>('parts', { params: { limit, offset }, ...(signal ? { signal } : {}) });
}

export function partsQueryOptions(page: PartsPage) {
  const { limit, offset = 0 } = page;
  return queryOptions({
    queryKey: ['parts', { limit, offset }],
    queryFn: ({ signal }) => getParts({ limit, offset }, signal),
  });
}

export function useParts(page: PartsPage) {
  return useQuery(partsQueryOptions(page));
}
