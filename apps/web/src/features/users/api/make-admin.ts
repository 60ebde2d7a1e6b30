import { messages } from '@partsforge/shared/messages';
import type { ModifiedCountResponse } from '@partsforge/shared/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

/** `PUT /api/user/admin/{email}` (admin, token): promotes the user; `modifiedCount` 0 if already admin. */
export function makeAdmin(email: string): Promise<ModifiedCountResponse> {
  return apiRequest<ModifiedCountResponse>(`user/admin/${encodeURIComponent(email)}`, {
    method: 'PUT',
    auth: true,
  });
}

/** Make Admin with the spec's toasts ('Successfuly made an admin' / 'Failed to make an admin', e.g. on a 403). */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: async ({ modifiedCount }) => {
      if (modifiedCount > 0) toast.success(messages.toast.adminMade);
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
    onError: () => {
      toast.error(messages.toast.adminFailed);
    },
  });
}
