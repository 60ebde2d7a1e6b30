import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { onSessionEnded } from '@/lib/api-client';
import { sessionQueryOptions, signOut, type SessionUser } from './session';

export interface SessionState {
  /** The signed-in user, or null (signed out, or still loading). */
  user: SessionUser | null;
  isAdmin: boolean;
  isNormalUser: boolean;
  /** True until the first answer about the session arrives. */
  isLoading: boolean;
}

/** The session for components: who is signed in and their role flags (lib/auth/session.ts). */
export function useSession(): SessionState {
  const { data, isLoading } = useQuery(sessionQueryOptions);
  return {
    user: data?.user ?? null,
    isAdmin: data?.isAdmin ?? false,
    isNormalUser: data?.isNormalUser ?? false,
    isLoading,
  };
}

/** A stable function that signs the user out (see signOut). */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => signOut(queryClient), [queryClient]);
}

/** Signs the page out when an authorised call finds the session over (api-client's onSessionEnded). */
export function useSignOutWhenSessionEnds(): void {
  const signOutNow = useSignOut();
  useEffect(() => onSessionEnded(() => void signOutNow()), [signOutNow]);
}
