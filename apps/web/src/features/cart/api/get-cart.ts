import type { Cart } from '@partsforge/shared/cart';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Key of the signed-in customer's cart; every cart call answers the whole cart, which is stored under it. */
export const cartQueryKey = ['cart'] as const;

/** The cart with no lines. */
export const emptyCart: Cart = { lines: [], subtotal: 0, coreTotal: 0 };

/** `GET /api/cart` (token): the customer's cart with each part's current price, terms and problem. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiRequest<Cart>('cart', { auth: true, ...(signal ? { signal } : {}) });
}

export const cartQueryOptions = queryOptions({
  queryKey: cartQueryKey,
  queryFn: ({ signal }) => getCart(signal),
  // Stock and prices change: a page that shows the cart reads it again.
  staleTime: 0,
  // A 401 or 403 is the session's end, not a passing failure: no retries for those.
  retry: (count, error) =>
    !('status' in error && (error.status === 401 || error.status === 403)) && count < 3,
});
