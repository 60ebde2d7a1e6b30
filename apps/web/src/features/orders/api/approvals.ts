import type { RejectOrderInput } from '@partsforge/shared/companies';
import type { Order } from '@partsforge/shared/orders';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest, apiRequestWithTotal, type ListResult } from '@/lib/api-client';
import { ordersQueryKey, type OrdersPage } from './get-my-orders';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * `GET /api/companies/mine/approvals` (owners and managers; docs/requirements.md §14 "Company accounts"): the
 * company's orders awaiting approval, with the total in `X-Total-Count`; ApiError 403 for buyers.
 */
export function getApprovals(
  { limit, offset }: OrdersPage,
  signal?: AbortSignal,
): Promise<ListResult<Order[]>> {
  return apiRequestWithTotal<Order[]>('companies/mine/approvals', {
    params: { limit, offset },
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** A page of the orders awaiting approval (docs/requirements.md §14 "Company accounts"). */
export function useApprovals(page: OrdersPage) {
  return useQuery(
    queryOptions({
      queryKey: [...ordersQueryKey, 'approvals', page],
      queryFn: ({ signal }) => getApprovals(page, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}

/** `POST /api/order/{id}/approve` (owner or manager of its company): the order becomes unpaid, payable. */
export function approveOrder(id: string): Promise<Order> {
  return apiRequest<Order>(`order/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    body: {},
    auth: true,
  });
}

/** `POST /api/order/{id}/reject` `{ reason }` (owner or manager): the order is rejected, its stock returned. */
export function rejectOrder(id: string, input: RejectOrderInput): Promise<Order> {
  return apiRequest<Order>(`order/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** Approve with a toast, or the server's reason (e.g. it expired meanwhile); the order lists are read again. */
export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => approveOrder(order._id),
    onSuccess: async (order) => {
      toast.success(companyPageMessages.approved(order.number));
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}

/** Reject with a toast; failures are thrown to the reason's form. */
export function useRejectOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, input }: { order: Order; input: RejectOrderInput }) =>
      rejectOrder(order._id, input),
    onSuccess: async (order) => {
      toast.success(companyPageMessages.rejected(order.number));
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
}
