import type { CartChangeResult } from '@partsforge/shared/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { cartQueryKey } from './get-cart';

/**
 * `POST /api/cart/import` (token): the server reads `text` (lines of `SKU quantity`, or a CSV file's text) and
 * answers one result per line; with `dryRun` it only previews, leaving the cart as it is.
 */
export function importCart(text: string, dryRun: boolean): Promise<CartChangeResult> {
  return apiRequest<CartChangeResult>('cart/import', {
    method: 'POST',
    body: { text },
    ...(dryRun ? { params: { dryRun: true } } : {}),
    auth: true,
  });
}

/** Quick order's Preview: the results of importing `text`, the cart unchanged. */
export function usePreviewImport() {
  return useMutation({ mutationFn: (text: string) => importCart(text, true) });
}

/** Quick order's "Add N lines to cart": imports `text` and keeps the cart it answers. */
export function useImportToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => importCart(text, false),
    onSuccess: ({ cart }) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
