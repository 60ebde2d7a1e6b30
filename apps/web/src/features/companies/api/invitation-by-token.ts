import type { InvitationPreview, MyCompany } from '@partsforge/shared/companies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { companiesQueryKey, myCompanyQueryKey } from './get-my-company';

/**
 * `GET /api/invitations/{token}` (anyone; docs/requirements.md §14): the company, role, inviter and expiry of an
 * invitation; ApiError 404 when unknown, used or revoked, and an error with its message once expired.
 */
export function getInvitationPreview(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return apiRequest<InvitationPreview>(`invitations/${encodeURIComponent(token)}`, signal ? { signal } : {});
}

/** The invitation a mailed link opens (docs/requirements.md §14 "Company accounts"); a refusal is not retried. */
export function useInvitationPreview(token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['invitations', token],
      queryFn: ({ signal }) => getInvitationPreview(token, signal),
      // A refused token stays refused: no retries of a 4xx.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
    }),
  );
}

/**
 * `POST /api/invitations/{token}/accept` (token): joins the company and answers it; ApiError 403 when signed in as
 * another address, 409 when already in a company.
 */
export function acceptInvitation(token: string): Promise<MyCompany> {
  return apiRequest<MyCompany>(`invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body: {},
    auth: true,
  });
}

/** Accept invitation: the answer becomes the customer's company (the menu and pages read it). */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (company) => {
      queryClient.setQueryData(myCompanyQueryKey, company);
      await queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });
}
