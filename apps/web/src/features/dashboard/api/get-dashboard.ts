import type { Dashboard } from '@partsforge/shared/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `GET /api/admin/dashboard` (admin, token): revenue per UTC day over the last 30 days, orders by status, the top
 * 10 parts by revenue and the parts low on stock (docs/requirements.md §13, "Dashboard"); money in dollars.
 */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest<Dashboard>('admin/dashboard', { auth: true, ...(signal ? { signal } : {}) });
}

/** The cache key of the dashboard's figures. */
export const dashboardQueryKey = ['admin-dashboard'] as const;

/** The figures are read afresh whenever the page opens (staleTime 0). */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 0,
  });
}

/** The dashboard's figures as a query: pending, then the figures or the ApiError. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
