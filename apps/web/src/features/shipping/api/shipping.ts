import { messages } from '@partsforge/shared/messages';
import type { Quote, ShippingMethod, TaxRate } from '@partsforge/shared/shipping';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';

/** The shipping queries (docs/requirements.md §16). */
const methodsKey = ['shipping-methods'] as const;
const taxRatesKey = ['admin-tax-rates'] as const;

/** `GET /api/shipping-methods` (anyone): every delivery method, in the order offered. */
export function getShippingMethods(signal?: AbortSignal): Promise<ShippingMethod[]> {
  return apiRequest<ShippingMethod[]>('shipping-methods', signal ? { signal } : {});
}

/** The delivery methods (the Shipping methods page). */
export function useShippingMethods() {
  return useQuery(
    queryOptions({ queryKey: methodsKey, queryFn: ({ signal }) => getShippingMethods(signal), staleTime: 0 }),
  );
}

/** `PUT /api/admin/shipping-methods` (admin): replaces the whole list and answers it; 400 with field errors. */
export function useSaveShippingMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methods: ShippingMethod[]) =>
      apiRequest<ShippingMethod[]>('admin/shipping-methods', { method: 'PUT', body: methods, auth: true }),
    onSuccess: (methods) => {
      queryClient.setQueryData(methodsKey, methods);
      toast.success(messages.shippingPages.saved);
    },
  });
}

/** `GET /api/admin/tax-rates` (admin): every destination's tax rate. */
export function useTaxRates() {
  return useQuery(
    queryOptions({
      queryKey: taxRatesKey,
      queryFn: ({ signal }) => apiRequest<TaxRate[]>('admin/tax-rates', { auth: true, signal }),
      staleTime: 0,
    }),
  );
}

/** `PUT /api/admin/tax-rates` (admin): replaces the whole list and answers it; 400 with field errors. */
export function useSaveTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: TaxRate[]) =>
      apiRequest<TaxRate[]>('admin/tax-rates', { method: 'PUT', body: rates, auth: true }),
    onSuccess: (rates) => {
      queryClient.setQueryData(taxRatesKey, rates);
      toast.success(messages.shippingPages.saved);
    },
  });
}

/** A destination to quote for: a company address (`addressId`) or a typed country, region and postal code. */
export interface QuoteDestination {
  addressId?: string | undefined;
  country?: string | undefined;
  region?: string | undefined;
  postalCode?: string | undefined;
}

/** True when `destination` can be quoted: an address id, or a typed country (2 letters), region and postal code. */
export function quotable(destination: QuoteDestination): boolean {
  if (destination.addressId) return true;
  return (
    /^[A-Za-z]{2}$/.test(destination.country ?? '') &&
    Boolean(destination.region?.trim()) &&
    Boolean(destination.postalCode?.trim())
  );
}

/**
 * `POST /api/checkout/quote` (signed in): the delivery options for the caller's cart to `destination`, read again
 * whenever the destination (or the cart, `cartKey`) changes; idle while the destination is incomplete.
 */
export function useQuote(destination: QuoteDestination, cartKey: string) {
  const body = destination.addressId
    ? { addressId: destination.addressId }
    : {
        country: (destination.country ?? '').trim().toUpperCase(),
        region: (destination.region ?? '').trim().toUpperCase(),
        postalCode: (destination.postalCode ?? '').trim(),
      };
  return useQuery(
    queryOptions({
      queryKey: ['checkout-quote', body, cartKey] as const,
      queryFn: ({ signal }) =>
        apiRequest<Quote>('checkout/quote', { method: 'POST', body, auth: true, signal }),
      enabled: quotable(destination),
      staleTime: 60_000,
    }),
  );
}
