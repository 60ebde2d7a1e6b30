import { messages } from '@partsforge/shared/messages';
import type { ShippingMethod, TaxRate } from '@partsforge/shared/shipping';
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
