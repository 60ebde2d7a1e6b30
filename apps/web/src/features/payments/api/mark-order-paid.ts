import type { ModifiedCountResponse } from '@partsforge/shared/responses';
import { apiRequest } from '@/lib/api-client';

/**
 * `PATCH /api/order/{id}` (token): records the payment; the server first asks the provider that this payment
 * succeeded for this order and amount (ApiError 409 otherwise). Idempotent.
 */
export function markOrderPaid(orderId: string, transactionId: string): Promise<ModifiedCountResponse> {
  return apiRequest<ModifiedCountResponse>(`order/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: { transactionId },
    auth: true,
  });
}
