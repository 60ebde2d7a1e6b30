import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/create-payment-intent` (token): the client secret of the order's payment. The server computes the
 * amount from the stored order and answers the same intent for the same order and amount, so this POST is
 * safe to treat as a query.
 */
export function createPaymentIntent(orderId: string, totalPrice: number): Promise<{ clientSecret: string }> {
  return apiRequest<{ clientSecret: string }>('create-payment-intent', {
    method: 'POST',
    body: { orderId, totalPrice },
    auth: true,
  });
}

export function paymentIntentQueryOptions(orderId: string, totalPrice: number) {
  return queryOptions({
    queryKey: ['payments', 'intent', orderId, totalPrice],
    queryFn: () => createPaymentIntent(orderId, totalPrice),
    staleTime: Infinity,
    retry: false,
  });
}

export function usePaymentIntent(orderId: string, totalPrice: number, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(orderId, totalPrice), enabled });
}
