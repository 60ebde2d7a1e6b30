import type { Part } from '@partsforge/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { catalogAuth, useCatalogViewer, type CatalogViewer } from './catalog-viewer';

/**
 * `GET /api/parts/{id}` (docs/requirements.md §7): one part; ApiError 404 when it does not exist. For a signed-in
 * `viewer` it carries their token: a member gets their net prices (docs/requirements.md §15).
 */
export function getPart(id: string, signal?: AbortSignal, viewer: CatalogViewer = null): Promise<Part> {
  return apiRequest<Part>(`parts/${encodeURIComponent(id)}`, {
    ...catalogAuth(viewer),
    ...(signal ? { signal } : {}),
  });
}

/** Prefix of every query of the part (its prices per viewer, its fitment). */
export const partQueryKey = (id: string) => ['parts', 'detail', id] as const;

/** The part as `viewer` sees it (the key ends with them: each buyer's prices are their own). */
export function partQueryOptions(id: string, viewer: CatalogViewer) {
  return queryOptions({
    queryKey: [...partQueryKey(id), { viewer }],
    queryFn: ({ signal }) => getPart(id, signal, viewer),
    // Stock changes with every order: always refetch on a new visit.
    staleTime: 0,
  });
}

/** The part, priced for the signed-in buyer (useCatalogViewer). */
export function usePart(id: string) {
  return useQuery(partQueryOptions(id, useCatalogViewer()));
}
