import type { Company, CreateCompanyInput } from '@partsforge/shared/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { companiesQueryKey } from './get-my-company';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * `POST /api/companies` (token; docs/requirements.md §14 "Company accounts"): creates a company whose owner is the
 * caller; 409 when they already belong to one.
 */
export function createCompany(input: CreateCompanyInput): Promise<Company> {
  return apiRequest<Company>('companies', {
    method: 'POST',
    body: { name: input.name, ...(input.taxId ? { taxId: input.taxId } : {}) },
    auth: true,
  });
}

/** Create company with a toast; the page then reads the new company. Failures are thrown to the form. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: async (company) => {
      toast.success(companyPageMessages.created(company.name));
      await queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });
}
