import { messages } from '@partsforge/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/auth/use-session';
import { notify } from '@/lib/notify';
import { clearBrowserCart, useBrowserCart } from '../browser-cart';
import { cartQueryKey } from '../api/get-cart';
import { mergeCart } from '../api/merge-cart';

/** True while a merge is on its way (one at a time, whichever component asked first). */
let merging = false;

/**
 * At sign-in (by email, sign-up or Google: whenever a customer is signed in and the browser holds a visitor's
 * cart), merges the browser's cart into the account's with `POST /api/cart/merge`, then clears the browser's.
 * Lines the server could not add are toasts with their reason. A failed merge keeps the browser's cart (the next
 * page load tries again).
 */
export function useMergeBrowserCartOnSignIn(): void {
  const { user, isNormalUser } = useSession();
  const lines = useBrowserCart();
  const queryClient = useQueryClient();
  const customerId = user && isNormalUser ? user.id : null;

  useEffect(() => {
    if (!customerId || lines.length === 0 || merging) return;
    merging = true;
    mergeCart({ lines: lines.map(({ partId, quantity }) => ({ partId, quantity })) })
      .then(({ cart, results }) => {
        clearBrowserCart();
        queryClient.setQueryData(cartQueryKey, cart);
        for (const result of results)
          if (result.status === 'error')
            notify(
              'warning',
              `${result.name ?? result.sku}: ${result.message ?? messages.cart.changedSince}`,
            );
      })
      .catch((error: unknown) => {
        notify('error', error instanceof Error ? error.message : messages.errors.unexpected);
      })
      .finally(() => {
        merging = false;
      });
  }, [customerId, lines, queryClient]);
}
