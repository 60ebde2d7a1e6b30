import type { Garage } from '@partsforge/shared/fitment';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Key of the signed-in shopper's garage; every garage call answers the whole garage, stored under it. */
export const garageQueryKey = ['garage'] as const;

/** A garage with no vehicles. */
export const emptyGarage: Garage = { vehicles: [], active: null };

/**
 * `GET /api/garage` (token; docs/requirements.md §12 "My Garage"): the saved vehicles in order, each with its
 * names and label, and the index of the active one (null: none).
 */
export function getGarage(signal?: AbortSignal): Promise<Garage> {
  return apiRequest<Garage>('garage', { auth: true, ...(signal ? { signal } : {}) });
}

/** The signed-in shopper's garage query (useGarage reads it; every change stores the server's answer in it). */
export const garageQueryOptions = queryOptions({
  queryKey: garageQueryKey,
  queryFn: ({ signal }) => getGarage(signal),
  // Only this page changes it (each change stores the answer), so it is read once per visit.
  staleTime: Infinity,
  // A 401 or 403 is the session's end, not a passing failure: no retries for those.
  retry: (count, error) =>
    !('status' in error && (error.status === 401 || error.status === 403)) && count < 3,
});
