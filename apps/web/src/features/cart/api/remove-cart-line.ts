import type { Cart } from '@partsforge/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { removeBrowserCartLine } from '../browser-cart';
import { useCartMode } from '../hooks/use-cart-mode';
import { applyCartChange } from './set-cart-line';

/** `DELETE /api/cart/lines/{partId}` (token): the cart without that line. */
export function removeCartLine(partId: string): Promise<Cart> {
  return apiRequest<Cart>(`cart/lines/${encodeURIComponent(partId)}`, { method: 'DELETE', auth: true });
}

/** Removes a part's line from the cart (the account's or the browser's); a failure is a toast. */
export function useRemoveCartLine() {
  const mode = useCartMode();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (partId: string): Promise<void> => {
      if (mode === 'server') await applyCartChange(queryClient, removeCartLine(partId));
      else removeBrowserCartLine(partId);
    },
    onError: (error) => notify('error', error.message),
  });
}
