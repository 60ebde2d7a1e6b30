import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useSession } from '@/lib/auth/use-session';
import { RedirectToLogin } from './redirect-to-login';

/** Signed-in users only (docs/requirements.md §4); others go to /login and come back after it. Renders `children` or the child route. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <RedirectToLogin />;
  return children ?? <Outlet />;
}
