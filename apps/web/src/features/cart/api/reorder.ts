import type { CartChangeResult } from '@partsforge/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cartQueryKey } from './get-cart';

/**
 * `POST /api/order/{id}/reorder` (token): puts the order's lines in the cart again at today's terms; a result per
 * order line (`line` is its 1-based number), an error for a line that can no longer be ordered as it was.
 */
export function reorder(orderId: string): Promise<CartChangeResult> {
  return apiRequest<CartChangeResult>(`order/${encodeURIComponent(orderId)}/reorder`, {
    method: 'POST',
    auth: true,
  });
}

export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    onSuccess: ({ cart }) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
