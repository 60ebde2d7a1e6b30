import { messages } from '@partsforge/shared/messages';
import type { Order } from '@partsforge/shared/orders';
import type { DeletedCountResponse } from '@partsforge/shared/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { ordersQueryKey } from './get-my-orders';

/** `DELETE /api/order/{id}` (token): cancels the owner's unpaid order and returns its stock; 409 once paid. */
export function cancelOrder(id: string): Promise<DeletedCountResponse> {
  return apiRequest<DeletedCountResponse>(`order/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });
}

/** Cancel with the spec's '{name} is deleted' toast, or the server's reason. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => cancelOrder(order._id),
    onSuccess: async (_result, order) => {
      toast.success(messages.toast.deleted(order.productName));
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
