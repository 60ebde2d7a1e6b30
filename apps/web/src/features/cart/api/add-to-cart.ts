import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { addToBrowserCart } from '../browser-cart';
import { useCartMode } from '../hooks/use-cart-mode';
import { cartQueryOptions } from './get-cart';
import { applyCartChange, setCartLine } from './set-cart-line';

export interface AddToCartInput {
  part: Pick<Part, '_id' | 'name'>;
  quantity: number;
}

/**
 * Add to cart: `quantity` more units of the part (on its line when it has one), in the account's cart when
 * signed in (the line's new quantity is PUT; the server checks it), else in the browser's. A toast says it
 * was added, or why not.
 */
export function useAddToCart() {
  const mode = useCartMode();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ part, quantity }: AddToCartInput): Promise<void> => {
      if (mode !== 'server') {
        addToBrowserCart(part._id, quantity);
        return;
      }
      const cart = await queryClient.fetchQuery({ ...cartQueryOptions, staleTime: 5_000 });
      const existing = cart.lines.find((line) => line.partId === part._id)?.quantity ?? 0;
      await applyCartChange(queryClient, setCartLine({ partId: part._id, quantity: existing + quantity }));
    },
    onSuccess: (_result, { part }) => notify('success', messages.cart.added(part.name)),
    onError: (error) => notify('error', error.message),
  });
}
