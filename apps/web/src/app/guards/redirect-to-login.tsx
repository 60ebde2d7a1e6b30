import { useEffect, useState } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * Where the visitor is to return after signing in or up: the `from` location a guard (or a page's Sign in and Sign
 * up links, e.g. an invitation's) put in the router state, never the URL, so it cannot point off the site; else
 * the home page.
 */
export function returnLocationOf(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search}${from.hash}` : paths.home.href();
}

/** Why a guard sent the visitor to /login; the login page says it (messages.auth). */
export type LoginReason = 'signIn' | 'adminOnly' | 'customerOnly';

/**
 * The reason of a guard that signs the visitor out before they reach /login (RequireAdmin): the redirect then
 * comes from whichever guard sees the empty session first, and it takes this reason instead of 'signIn'.
 */
let reasonOfNextRedirect: LoginReason | null = null;

/** Makes the next redirect to /login give `reason` (see reasonOfNextRedirect). */
export function setReasonOfNextRedirect(reason: LoginReason): void {
  reasonOfNextRedirect = reason;
}

/**
 * Sends the visitor to /login, remembering where they were (docs/requirements.md §4: "keeping the origin") and why, so
 * the login page can say "Please sign in to continue." rather than appear out of nowhere.
 */
export function RedirectToLogin({ reason }: { reason?: LoginReason }) {
  const location = useLocation();
  // Read during render (pure, so StrictMode's double render sees the same value), cleared once committed.
  const [shownReason] = useState(() => reason ?? reasonOfNextRedirect ?? 'signIn');
  useEffect(() => {
    reasonOfNextRedirect = null;
  }, []);
  return <Navigate to={paths.login.href()} replace state={{ from: location, reason: shownReason }} />;
}
