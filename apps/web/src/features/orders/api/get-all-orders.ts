import type { Order } from '@partsforge/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';
import { ordersQueryKey, type OrdersPage } from './get-my-orders';

/** `GET /api/order/{email}` (admin, token; the spec's call): every order, newest first, paged. */
export function getAllOrders(
  adminEmail: string,
  { limit, offset }: OrdersPage,
  signal?: AbortSignal,
): Promise<ListResult<Order[]>> {
  return apiRequestWithTotal<Order[]>(`order/${encodeURIComponent(adminEmail)}`, {
    params: { limit, offset },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function allOrdersQueryOptions(adminEmail: string, page: OrdersPage) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'all', page],
    queryFn: ({ signal }) => getAllOrders(adminEmail, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAllOrders(adminEmail: string, page: OrdersPage) {
  return useQuery(allOrdersQueryOptions(adminEmail, page));
}
