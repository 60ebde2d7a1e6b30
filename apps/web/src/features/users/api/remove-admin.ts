import type { UserSummary } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import type { ModifiedCountResponse } from '@partsforge/shared/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

/**
 * `DELETE /api/user/admin/{email}` (admin, token; docs/requirements.md §13): takes the admin role from another
 * admin; ApiError 400 for one's own role, 409 for the last admin.
 */
export function removeAdmin(email: string): Promise<ModifiedCountResponse> {
  return apiRequest<ModifiedCountResponse>(`user/admin/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    auth: true,
  });
}

/** Remove admin with a '{name} is no longer an admin' toast, or the server's reason. */
export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserSummary) => removeAdmin(user.email),
    onSuccess: async (_result, user) => {
      toast.success(messages.users.adminRemoved(user.name));
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
