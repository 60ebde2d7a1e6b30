import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useSession } from '@/lib/auth/use-session';
import { RedirectToLogin } from './redirect-to-login';

/** Normal users (customers) only (docs/requirements.md §4): anyone else goes to /login keeping the origin. */
export function RequireNormalUser({ children }: { children?: ReactNode }) {
  const { user, isNormalUser, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) return <RedirectToLogin />;
  if (!isNormalUser) return <RedirectToLogin reason="customerOnly" />;
  return children ?? <Outlet />;
}
