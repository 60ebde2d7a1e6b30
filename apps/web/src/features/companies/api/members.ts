import type { CompanyMember, UpdateMemberInput } from '@partsforge/shared/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { myCompanyQueryKey } from './get-my-company';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/**
 * `PATCH /api/companies/mine/members/{userId}` (owner or manager; docs/requirements.md §14): a member's role and
 * spending limit; 403 for a manager touching an owner, 409 for the last owner.
 */
export function updateMember(userId: string, input: UpdateMemberInput): Promise<CompanyMember> {
  return apiRequest<CompanyMember>(`companies/mine/members/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: input,
    auth: true,
  });
}

/** Save a member's changes with a toast; failures are thrown to the form. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, input }: { member: CompanyMember; input: UpdateMemberInput }) =>
      updateMember(member.userId, input),
    onSuccess: async (_result, { member }) => {
      toast.success(companyPageMessages.memberSaved(member.name));
      await queryClient.invalidateQueries({ queryKey: myCompanyQueryKey });
    },
  });
}

/** `DELETE /api/companies/mine/members/{userId}` (owner or manager): the member leaves; their account stays. */
export function removeMember(userId: string): Promise<unknown> {
  return apiRequest(`companies/mine/members/${encodeURIComponent(userId)}`, { method: 'DELETE', auth: true });
}

/** Remove with a toast, or the server's reason. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: CompanyMember) => removeMember(member.userId),
    onSuccess: async (_result, member) => {
      toast.success(companyPageMessages.memberRemoved(member.name));
      await queryClient.invalidateQueries({ queryKey: myCompanyQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
