import type { Order } from '@partsforge/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ordersQueryKey } from './get-my-orders';

/** `GET /api/order/{id}` (token): one order for its owner or an admin; ApiError 404/403 otherwise. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest<Order>(`order/${encodeURIComponent(id)}`, { auth: true, ...(signal ? { signal } : {}) });
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'one', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
