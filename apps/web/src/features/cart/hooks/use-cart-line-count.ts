import { useQuery } from '@tanstack/react-query';
import { useBrowserCart } from '../browser-cart';
import { cartQueryOptions } from '../api/get-cart';
import { useCartMode } from './use-cart-mode';

/**
 * How many lines the cart has, for the navbar's "Cart (N)": the account's cart for a customer, the browser's for
 * a visitor; null while the session loads and for an admin (who has no cart).
 */
export function useCartLineCount(): number | null {
  const mode = useCartMode();
  const browserLines = useBrowserCart();
  const serverCount = useQuery({
    ...cartQueryOptions,
    enabled: mode === 'server',
    select: (cart) => cart.lines.length,
  });
  if (mode === 'browser') return browserLines.length;
  if (mode === 'server') return serverCount.data ?? 0;
  return null;
}
