import type { Order } from '@partsforge/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';

/** Key prefix of every order query (mine, all, one). */
export const ordersQueryKey = ['orders'] as const;

export interface OrdersPage {
  limit: number;
  offset: number;
}

/** `GET /api/order?email=` (token): the signed-in customer's own orders, newest first; 403 for another email. */
export function getMyOrders(
  email: string,
  { limit, offset }: OrdersPage,
  signal?: AbortSignal,
): Promise<ListResult<Order[]>> {
  return apiRequestWithTotal<Order[]>('order', {
    params: { email, limit, offset },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function myOrdersQueryOptions(email: string, page: OrdersPage) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'mine', email, page],
    queryFn: ({ signal }) => getMyOrders(email, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    // A 401 or 403 signs the user out (docs/requirements.md §4): no retries for those.
    retry: (count, error) =>
      !('status' in error && (error.status === 401 || error.status === 403)) && count < 3,
  });
}

export function useMyOrders(email: string, page: OrdersPage) {
  return useQuery(myOrdersQueryOptions(email, page));
}
