import type { PlaceOrderInput, PlaceOrderResponse } from '@partsforge/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ordersQueryKey } from './get-my-orders';

/**
 * `POST /api/order` (token): reserves the quantity and stores an unpaid order; the server takes the price and
 * the customer from its own records. ApiError 400 below the minimum, 409 above the stock, 404 unknown part.
 */
export function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResponse> {
  return apiRequest<PlaceOrderResponse>('order', { method: 'POST', body: input, auth: true });
}

/** Place Order; refreshes every order list (and, through the caller, the part's stock). */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
