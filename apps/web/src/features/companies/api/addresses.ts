import type { CompanyAddress, CompanyAddressInput } from '@partsforge/shared/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { myCompanyQueryKey } from './get-my-company';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * `POST /api/companies/mine/addresses`, or `PUT .../addresses/{id}` when `id` is given (owner or manager;
 * docs/requirements.md §14): a ship-to location of the address book.
 */
export function saveAddress(input: CompanyAddressInput, id?: string): Promise<CompanyAddress> {
  return apiRequest<CompanyAddress>(
    id ? `companies/mine/addresses/${encodeURIComponent(id)}` : 'companies/mine/addresses',
    { method: id ? 'PUT' : 'POST', body: input, auth: true },
  );
}

/** Add or edit an address with a toast; failures are thrown to the form. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: CompanyAddressInput; id?: string }) => saveAddress(input, id),
    onSuccess: async (address) => {
      toast.success(companyPageMessages.addressSaved(address.label));
      await queryClient.invalidateQueries({ queryKey: myCompanyQueryKey });
    },
  });
}

/** `DELETE /api/companies/mine/addresses/{id}` (owner or manager); past orders keep their copy. */
export function deleteAddress(id: string): Promise<unknown> {
  return apiRequest(`companies/mine/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
}

/** Delete with a toast, or the server's reason. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: CompanyAddress) => deleteAddress(address._id),
    onSuccess: async (_result, address) => {
      toast.success(companyPageMessages.addressDeleted(address.label));
      await queryClient.invalidateQueries({ queryKey: myCompanyQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
