/**
 * The signed-in session as the app sees it (docs/requirements.md §4, Session): Better Auth's session cookie, the spec's
 * access token for it, and the role flags the server answers to the spec's calls `GET /admin/{email}` and
 * `GET /user/{email}`. One query (`sessionQueryOptions`) holds it; `useSession()` reads it.
 */
import type { AdminResponse, NormalUserResponse } from '@partsforge/shared/identity';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, requestAccessToken } from '@/lib/api-client';
import { clearAccessToken, isAccessTokenFresh, readAccessToken } from './access-token';

/** The signed-in user (the navbar shows `name`). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

export interface Session {
  user: SessionUser;
  /** Flag from `GET /admin/{email}`. */
  isAdmin: boolean;
  /** Flag from `GET /user/{email}`. */
  isNormalUser: boolean;
}

export const sessionQueryKey = ['session'] as const;

/**
 * Reads the session (`GET /api/auth/get-session`); when signed in, makes sure a fresh access token is stored
 * and reads the role flags. Resolves null when signed out (and clears a leftover token).
 */
export async function getSession(): Promise<Session | null> {
  const data = await apiRequest<{ user?: SessionUser } | null>('auth/get-session');
  if (!data?.user) {
    clearAccessToken();
    return null;
  }
  const { id, name, email } = data.user;
  const stored = readAccessToken();
  if (!stored || !isAccessTokenFresh(stored, email)) await requestAccessToken(email);
  const path = encodeURIComponent(email);
  const [{ admin }, { normalUser }] = await Promise.all([
    apiRequest<AdminResponse>(`admin/${path}`, { auth: true }),
    apiRequest<NormalUserResponse>(`user/${path}`, { auth: true }),
  ]);
  return { user: { id, name, email }, isAdmin: admin, isNormalUser: normalUser };
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: 30_000,
});

/** Re-reads the session now (after sign-in or sign-up) and resolves with it. */
export function refreshSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/**
 * Signs out (docs/requirements.md §4: sign out clears accessToken): ends the server session, clears the token and
 * forgets every cached answer but the (now empty) session, so nothing of this user stays in the page.
 * Never throws: when the server cannot be reached, the page is signed out anyway.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  clearAccessToken();
  await apiRequest('auth/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}
