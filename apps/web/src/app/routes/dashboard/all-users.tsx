import { messages } from '@partsforge/shared/messages';
import { ContentLayout } from '@/components/content-layout';
import { UserSearchForm } from '@/features/users/components/user-search-form';
import { UsersTable } from '@/features/users/components/users-table';
import { useUserSearch } from '@/features/users/hooks/use-user-search';
import { useSession } from '@/lib/auth/use-session';

/**
 * /dashboard/users (admins): every user, searched by name or email, newest first, with their order count and
 * spend, Make Admin, Remove admin and Remove User (docs/requirements.md §13 "Finding things"; `?q=` and `?page=`
 * kept in the URL).
 */
export function AllUsersRoute() {
  const { user } = useSession();
  const { q, page, hrefFor, setQ } = useUserSearch();
  return (
    <ContentLayout title={messages.dashboard.allUsers}>
      <div className="flex flex-col gap-4">
        <UserSearchForm q={q} onSearch={setQ} />
        <UsersTable currentUserEmail={user?.email ?? ''} q={q} page={page} hrefFor={hrefFor} />
      </div>
    </ContentLayout>
  );
}
