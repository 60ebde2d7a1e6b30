import type { Order } from '@partsforge/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestWithTotal, type ListResult } from '@/lib/api-client';
import { DEFAULT_ORDER_FILTERS, orderFilterParams, type AdminOrderFilters } from '../admin-order-filters';
import { ordersQueryKey, type OrdersPage } from './get-my-orders';

/**
 * `GET /api/order/{email}` (admin, token; the spec's call): the orders `filters` match (docs/requirements.md §13
 * "Finding things"; by default every order but cancelled ones, newest first), paged, with the total.
 */
export function getAllOrders(
  adminEmail: string,
  { limit, offset }: OrdersPage,
  filters: AdminOrderFilters = DEFAULT_ORDER_FILTERS,
  signal?: AbortSignal,
): Promise<ListResult<Order[]>> {
  return apiRequestWithTotal<Order[]>(`order/${encodeURIComponent(adminEmail)}`, {
    params: { ...orderFilterParams(filters), limit, offset },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export function allOrdersQueryOptions(
  adminEmail: string,
  page: OrdersPage,
  filters: AdminOrderFilters = DEFAULT_ORDER_FILTERS,
) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'all', page, orderFilterParams(filters)],
    queryFn: ({ signal }) => getAllOrders(adminEmail, page, filters, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAllOrders(adminEmail: string, page: OrdersPage, filters?: AdminOrderFilters) {
  return useQuery(allOrdersQueryOptions(adminEmail, page, filters));
}
