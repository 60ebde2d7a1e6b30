import type { Category } from '@partsforge/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/category`: every part category. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiRequest<Category[]>('category', signal ? { signal } : {});
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
