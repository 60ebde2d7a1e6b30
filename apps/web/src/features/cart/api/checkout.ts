import type { CheckoutInput } from '@partsforge/shared/cart';
import { IDEMPOTENCY_KEY_HEADER, type Order } from '@partsforge/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cartQueryKey } from './get-cart';

/**
 * Leaves out the optional fields left blank (and `paymentMethod` when it is the default, card); a company ship-to
 * location (`addressId`) replaces the address.
 */
function withoutBlanks(input: CheckoutInput): CheckoutInput {
  return {
    ...(input.addressId ? { addressId: input.addressId } : { address: input.address }),
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.poNumber ? { poNumber: input.poNumber } : {}),
    ...(input.note ? { note: input.note } : {}),
    ...(input.saveToProfile ? { saveToProfile: true } : {}),
    ...(input.paymentMethod === 'account' ? { paymentMethod: 'account' } : {}),
    // docs/requirements.md §16: the delivery chosen and the typed destination.
    ...(input.shippingMethod ? { shippingMethod: input.shippingMethod } : {}),
    ...(!input.addressId && input.country ? { country: input.country } : {}),
    ...(!input.addressId && input.region ? { region: input.region } : {}),
    ...(!input.addressId && input.postalCode ? { postalCode: input.postalCode } : {}),
  };
}

/**
 * `POST /api/checkout` (token) with an Idempotency-Key: places one order of the whole cart and empties it; the
 * new order (201). ApiError 409 LINES_UNAVAILABLE (its body lists each line's reason; nothing was reserved),
 * 400 CART_EMPTY, 409 TOO_MANY_UNPAID_ORDERS; on account (docs/requirements.md §15) 409 TERMS_REQUIRED,
 * CREDIT_LIMIT_EXCEEDED (with `available` in dollars) or ACCOUNT_OVERDUE.
 */
export function checkout(input: CheckoutInput, idempotencyKey: string): Promise<Order> {
  return apiRequest<Order>('checkout', {
    method: 'POST',
    body: withoutBlanks(input),
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    auth: true,
  });
}

/** Place Order of the cart; afterwards (placed or refused) the cart is read again. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CheckoutInput; idempotencyKey: string }) =>
      checkout(input, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
