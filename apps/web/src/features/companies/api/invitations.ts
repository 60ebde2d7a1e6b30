import type { CreateInvitationInput, Invitation } from '@partsforge/shared/companies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { companiesQueryKey } from './get-my-company';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

const invitationsQueryKey = [...companiesQueryKey, 'invitations'] as const;

/** `GET /api/companies/mine/invitations` (owner or manager; docs/requirements.md §14): the pending invitations. */
export function getInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return apiRequest<Invitation[]>('companies/mine/invitations', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** The pending invitations (the page asks only for owners and managers). */
export function useInvitations() {
  return useQuery(
    queryOptions({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => getInvitations(signal) }),
  );
}

/**
 * `POST /api/companies/mine/invitations` (owner or manager; docs/requirements.md §14): mails `email` a link that
 * joins the company with `role`; 409 when the address is already invited or in a company.
 */
export function createInvitation(input: CreateInvitationInput): Promise<Invitation> {
  return apiRequest<Invitation>('companies/mine/invitations', { method: 'POST', body: input, auth: true });
}

/** Send invitation with a toast; failures are thrown to the form. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: async (invitation) => {
      toast.success(companyPageMessages.invited(invitation.email));
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}

/** `DELETE /api/companies/mine/invitations/{id}` (owner or manager): the link stops working. */
export function revokeInvitation(id: string): Promise<unknown> {
  return apiRequest(`companies/mine/invitations/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
}

/** Revoke with a toast, or the server's reason. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(invitation._id),
    onSuccess: async (_result, invitation) => {
      toast.success(companyPageMessages.revoked(invitation.email));
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
