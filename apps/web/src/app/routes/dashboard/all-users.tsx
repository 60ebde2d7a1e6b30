import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { UsersTable } from '@/features/users/components/users-table';
import { usePageParam } from '@/hooks/use-page-param';
import { useSession } from '@/lib/auth/use-session';

/** /dashboard/users (admins): every user, with Make Admin and Remove User. */
export function AllUsersRoute() {
  const { user } = useSession();
  const { page, hrefFor } = usePageParam();
  return (
    <ContentLayout title={messages.dashboard.allUsers}>
      <UsersTable currentUserEmail={user?.email ?? ''} page={page} hrefFor={hrefFor} />
    </ContentLayout>
  );
}
