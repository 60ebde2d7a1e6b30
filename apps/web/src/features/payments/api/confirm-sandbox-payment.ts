import type { SandboxConfirmInput, SandboxConfirmResponse } from '@partsforge/shared/orders';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/payments/sandbox/confirm`: the sandbox's card confirmation (what Stripe.js does against Stripe).
 * ApiError 402 with the provider's message ("Your card was declined.") when the card is refused.
 */
export function confirmSandboxPayment(input: SandboxConfirmInput): Promise<SandboxConfirmResponse> {
  return apiRequest<SandboxConfirmResponse>('payments/sandbox/confirm', { method: 'POST', body: input });
}
