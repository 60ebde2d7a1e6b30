import type { Order } from '@partsforge/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { ordersQueryKey } from './get-my-orders';

/** `PATCH /api/order/{id}/status` (admin, token): pending -> shipped, stored on the server; 409 otherwise. */
export function shipOrder(id: string): Promise<Order> {
  return apiRequest<Order>(`order/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { status: 'shipped' },
    auth: true,
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
