import type { Cart } from '@partsforge/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { clearBrowserCart } from '../browser-cart';
import { useCartMode } from '../hooks/use-cart-mode';
import { applyCartChange } from './set-cart-line';

/** `DELETE /api/cart` (token): the emptied cart. */
export function clearCart(): Promise<Cart> {
  return apiRequest<Cart>('cart', { method: 'DELETE', auth: true });
}

/** Empties the cart (the account's or the browser's); a failure is a toast. */
export function useClearCart() {
  const mode = useCartMode();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      if (mode === 'server') await applyCartChange(queryClient, clearCart());
      else clearBrowserCart();
    },
    onError: (error) => notify('error', error.message),
  });
}
