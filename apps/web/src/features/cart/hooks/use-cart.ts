import type { Cart, CartLine } from '@partsforge/shared/cart';
import type { Part } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { coreTotalOf, lineTotal, toCents, toDollars } from '@partsforge/shared/money';
import { partUnitPrice } from '@partsforge/shared/pricing';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useBrowserCart, type BrowserCartLine } from '../browser-cart';
import { cartPartQueryOptions } from '../api/get-cart-part';
import { cartQueryOptions, emptyCart } from '../api/get-cart';
import { quantityReason } from '../quantity-reason';
import { useCartMode, type CartMode } from './use-cart-mode';

export interface CartState {
  mode: CartMode;
  /** The cart once known (always for a visitor or an admin, whose cart is empty). */
  cart: Cart | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
}

/** A visitor's line as the server would show it: the part's current price at this quantity and any problem. */
function visitorLine({ partId, quantity }: BrowserCartLine, part: Part | null): CartLine {
  if (!part)
    return {
      partId,
      sku: '',
      name: messages.cart.partGone,
      img: '',
      quantity,
      unitPrice: 0,
      lineTotal: 0,
      minqty: 1,
      packSize: 1,
      available: 0,
      problem: messages.cart.partGone,
      coreCharge: 0,
    };
  const unitPrice = partUnitPrice(quantity, part);
  return {
    partId,
    sku: part.sku,
    name: part.name,
    img: part.img,
    quantity,
    unitPrice,
    lineTotal: lineTotal(quantity, unitPrice),
    minqty: part.minqty,
    packSize: part.packSize,
    available: part.available,
    problem: quantityReason(quantity, part),
    coreCharge: part.coreCharge,
  };
}

/**
 * The cart, one hook for both kinds of buyer: a customer's from `GET /api/cart` (query key ['cart']); a
 * visitor's from local storage, each line shown with its part (`GET /api/parts/{id}`) and priced with the
 * shared pricing rules, as the server prices it.
 */
export function useCart(): CartState {
  const mode = useCartMode();
  const server = useQuery({ ...cartQueryOptions, enabled: mode === 'server' });
  const browserLines = useBrowserCart();
  const visitorLines = mode === 'browser' ? browserLines : [];
  const parts = useQueries({ queries: visitorLines.map((line) => cartPartQueryOptions(line.partId)) });

  if (mode === 'loading')
    return { mode, cart: undefined, isPending: true, error: null, refetch: () => undefined };
  if (mode === 'none')
    return { mode, cart: emptyCart, isPending: false, error: null, refetch: () => undefined };
  if (mode === 'server')
    return {
      mode,
      cart: server.data,
      isPending: server.isPending,
      error: server.error,
      refetch: () => void server.refetch(),
    };

  const failed = parts.find((part) => part.isError);
  const refetch = () => parts.forEach((part) => void part.refetch());
  if (failed) return { mode, cart: undefined, isPending: false, error: failed.error, refetch };
  if (parts.some((part) => part.isPending))
    return { mode, cart: undefined, isPending: true, error: null, refetch };
  const lines = visitorLines.map((line, index) => visitorLine(line, parts[index]?.data ?? null));
  const subtotal = toDollars(lines.reduce((sum, line) => sum + toCents(line.lineTotal), 0));
  return {
    mode,
    cart: { lines, subtotal, coreTotal: coreTotalOf(lines) },
    isPending: false,
    error: null,
    refetch,
  };
}
