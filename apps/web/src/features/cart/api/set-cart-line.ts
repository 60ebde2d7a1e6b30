import type { Cart } from '@partsforge/shared/cart';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setBrowserCartLine } from '../browser-cart';
import { useCartMode } from '../hooks/use-cart-mode';
import { cartQueryKey } from './get-cart';

export interface CartLineInput {
  partId: string;
  quantity: number;
}

/**
 * `PUT /api/cart/lines/{partId}` (token): sets a line's quantity (adding the line); ApiError 400 below the
 * minimum or not whole packs, 409 above the stock or a full cart, 404 an unknown part.
 */
export function setCartLine({ partId, quantity }: CartLineInput): Promise<Cart> {
  return apiRequest<Cart>(`cart/lines/${encodeURIComponent(partId)}`, {
    method: 'PUT',
    body: { quantity },
    auth: true,
  });
}

let lastChange = 0;

/**
 * Stores the cart a change answered, unless a later change was sent meanwhile (its answer is newer; if the
 * answers arrive out of order, the cart is read again).
 */
export async function applyCartChange(queryClient: QueryClient, change: Promise<Cart>): Promise<Cart> {
  const sequence = ++lastChange;
  const cart = await change;
  if (sequence === lastChange) queryClient.setQueryData(cartQueryKey, cart);
  else void queryClient.invalidateQueries({ queryKey: cartQueryKey });
  return cart;
}

/** Sets a line's quantity in the cart: the account's when signed in, else the browser's. */
export function useSetCartLine() {
  const mode = useCartMode();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CartLineInput): Promise<void> => {
      if (mode === 'server') await applyCartChange(queryClient, setCartLine(input));
      else setBrowserCartLine(input.partId, input.quantity);
    },
  });
}
