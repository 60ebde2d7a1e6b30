import type { Make } from '@partsforge/shared/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/make`: every car make with parts in the catalogue. */
export function getMakes(signal?: AbortSignal): Promise<Make[]> {
  return apiRequest<Make[]>('make', signal ? { signal } : {});
}

export function makesQueryOptions() {
  return queryOptions({
    queryKey: ['makes'],
    queryFn: ({ signal }) => getMakes(signal),
  });
}

export function useMakes() {
  return useQuery(makesQueryOptions());
}
