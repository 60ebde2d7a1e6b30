import type { UserSummary } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import type { DeletedCountResponse } from '@partsforge/shared/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

/** `DELETE /api/user/{email}` (admin, token): removes the user; 403 for oneself, 409 for the last admin. */
export function removeUser(email: string): Promise<DeletedCountResponse> {
  return apiRequest<DeletedCountResponse>(`user/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    auth: true,
  });
}

/** Remove User (docs/design.md item 5) with a '{name} is deleted' toast, or the server's reason. */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserSummary) => removeUser(user.email),
    onSuccess: async (_result, user) => {
      toast.success(messages.toast.deleted(user.name));
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
