import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useSession, useSignOut } from '@/lib/auth/use-session';
import { RedirectToLogin, setReasonOfNextRedirect } from './redirect-to-login';

/**
 * Admins only (docs/requirements.md §4): anyone else goes to /login keeping the origin, and a signed-in non-admin is
 * signed out first, then told on the login page that the page is for admins. The server refuses them anyway
 * (403); this keeps the page honest.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, isAdmin, isLoading } = useSession();
  const signOut = useSignOut();
  const denied = !isLoading && user !== null && !isAdmin;
  useEffect(() => {
    if (!denied) return;
    // Whichever guard redirects once the session is empty says the page was for admins.
    setReasonOfNextRedirect('adminOnly');
    void signOut();
  }, [denied, signOut]);

  // While signing out the session still shows the user; once it is empty the visitor is redirected.
  if (isLoading || denied) return <PageSpinner />;
  if (!user) return <RedirectToLogin />;
  return children ?? <Outlet />;
}
