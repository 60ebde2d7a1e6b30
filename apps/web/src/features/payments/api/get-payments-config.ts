import type { PaymentsConfig } from '@partsforge/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/payments/config`: which card form the payment page loads (docs/design.md "Payments"). */
export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return apiRequest<PaymentsConfig>('payments/config', signal ? { signal } : {});
}

export const paymentsConfigQueryOptions = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => getPaymentsConfig(signal),
  staleTime: Infinity,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions);
}
