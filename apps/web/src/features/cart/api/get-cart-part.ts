import type { Part } from '@partsforge/shared/catalog';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** `GET /api/parts/{id}` for a visitor's cart line: the part, or null when it is no longer sold (404). */
export async function getCartPart(id: string, signal?: AbortSignal): Promise<Part | null> {
  try {
    return await apiRequest<Part>(`parts/${encodeURIComponent(id)}`, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function cartPartQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['cart', 'part', id] as const,
    queryFn: ({ signal }) => getCartPart(id, signal),
    staleTime: 0,
  });
}
