import type { AuthProviders } from '@partsforge/shared/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/auth-providers`: whether Google sign-in is configured. */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return apiRequest<AuthProviders>('auth-providers', signal ? { signal } : {});
}

export const authProvidersQueryOptions = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: ({ signal }) => getAuthProviders(signal),
  staleTime: Infinity,
});

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions);
}
