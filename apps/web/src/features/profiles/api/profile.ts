import { messages } from '@partsforge/shared/messages';
import type { Profile, ProfileInput } from '@partsforge/shared/profiles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/profile/{email}` (token): a list with the user's profile, empty before one is saved. */
export function getProfile(email: string, signal?: AbortSignal): Promise<Profile[]> {
  return apiRequest<Profile[]>(`profile/${encodeURIComponent(email)}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export const profileQueryKey = (email: string) => ['profile', email.toLowerCase()] as const;

export function profileQueryOptions(email: string) {
  return queryOptions({
    queryKey: profileQueryKey(email),
    queryFn: ({ signal }) => getProfile(email, signal),
    staleTime: 0,
  });
}

/** The user's saved profile, or null before one is saved. */
export function useProfile(email: string) {
  return useQuery({ ...profileQueryOptions(email), select: (list) => list[0] ?? null });
}

/** `PUT /api/profile/{email}` (own only, token): `{ acknowledged }`. */
export function updateProfile(email: string, input: ProfileInput): Promise<{ acknowledged: boolean }> {
  return apiRequest<{ acknowledged: boolean }>(`profile/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

/** Update Profile with the spec's toasts ('Successfully updated your info' / 'Failed to update your info'). */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(email, input),
    onSuccess: async () => {
      toast.success(messages.toast.profileUpdated);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey(email) });
    },
    onError: () => {
      toast.error(messages.toast.profileFailed);
    },
  });
}
