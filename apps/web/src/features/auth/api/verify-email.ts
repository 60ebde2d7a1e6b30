import type { AuthStatus } from '@partsforge/shared/identity';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `GET /api/auth/verify-email?token=` (docs/requirements.md §13): marks the address of the mailed link verified
 * (opening it again answers the same); 400 `TOKEN_EXPIRED` or `INVALID_TOKEN` for a bad link.
 */
export function verifyEmail(token: string, signal?: AbortSignal): Promise<AuthStatus> {
  return apiRequest<AuthStatus>('auth/verify-email', { params: { token }, ...(signal ? { signal } : {}) });
}

/** The verification of `token`, once per page visit (never refetched, never retried: a bad link stays bad). */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: ({ signal }) => verifyEmail(token, signal),
    staleTime: Infinity,
    retry: false,
  });
