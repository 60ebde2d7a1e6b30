import type { Part } from '@partsforge/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/parts/{id}` (docs/requirements.md §7): one part; ApiError 404 when it does not exist. */
export function getPart(id: string, signal?: AbortSignal): Promise<Part> {
  return apiRequest<Part>(`parts/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export const partQueryKey = (id: string) => ['parts', 'detail', id] as const;

export function partQueryOptions(id: string) {
  return queryOptions({
    queryKey: partQueryKey(id),
    queryFn: ({ signal }) => getPart(id, signal),
    // Stock changes with every order: always refetch on a new visit.
    staleTime: 0,
  });
}

export function usePart(id: string) {
  return useQuery(partQueryOptions(id));
}
