import type { CartChangeResult, CartMergeInput } from '@partsforge/shared/cart';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/cart/merge` (token): adds a visitor's browser cart to the account's; one result per line. */
export function mergeCart(input: CartMergeInput): Promise<CartChangeResult> {
  return apiRequest<CartChangeResult>('cart/merge', { method: 'POST', body: input, auth: true });
}
