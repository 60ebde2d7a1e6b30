import type { UserSummary } from '@partsforge/shared/identity';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorMessage } from '@/components/error-message';
import { PageSpinner } from '@/components/page-spinner';
import { PagedTable } from '@/components/paged-table';
import { PastLastPage } from '@/components/past-last-page';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';
import { useRemoveUser } from '../api/remove-user';

/** Users per page of the table. */
export const USERS_PAGE_SIZE = 20;

interface UsersTableProps {
  currentUserEmail: string;
  /** The search text (part of a name or email; '' for every user), kept in the URL by the route. */
  q: string;
  /** Current page, 1-based (kept in the URL by the route). */
  page: number;
  hrefFor: (page: number) => string;
}

/** The row actions that ask first: Make Admin, Remove admin and Remove User. */
type UserAction = 'makeAdmin' | 'removeAdmin' | 'removeUser';

/** Each confirmed action's dialog texts. */
const confirmations: Record<
  UserAction,
  { title: string; text: (name: string, email: string) => string; confirm: string }
> = {
  makeAdmin: {
    title: messages.users.confirmMakeAdminTitle,
    text: messages.users.confirmMakeAdminText,
    confirm: messages.users.makeAdmin,
  },
  removeAdmin: {
    title: messages.users.confirmRemoveAdminTitle,
    text: messages.users.confirmRemoveAdminText,
    confirm: messages.users.removeAdmin,
  },
  removeUser: {
    title: messages.users.confirmRemoveTitle,
    text: messages.users.confirmRemoveText,
    confirm: messages.users.remove,
  },
};

/**
 * The admin's users table (docs/requirements.md §2: All Users; §13 "Finding things"): the users `q` finds, newest
 * first, with their order count and spend; Make Admin for users who are not admins yet, Remove admin for other
 * admins and Remove User, each after a confirmation (docs/design.md item 5; granting admin rights is as weighty
 * as taking them; never oneself, so not offered on one's own row). Paged; "No users match" when the search finds
 * nobody.
 */
export function UsersTable({ currentUserEmail, q, page, hrefFor }: UsersTableProps) {
  const offset = (page - 1) * USERS_PAGE_SIZE;
  const users = useUsers({ limit: USERS_PAGE_SIZE, offset, q });
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const removeAdmin = useRemoveAdmin();
  const [pending, setPending] = useState<{ action: UserAction; user: UserSummary } | null>(null);
  const mutations = { makeAdmin, removeAdmin, removeUser };

  if (users.isPending) return <PageSpinner label={messages.common.loading} />;
  if (users.isError) return <ErrorMessage title={messages.users.loadFailed} detail={users.error.message} />;

  const list = users.data.data;
  const total = users.data.total ?? list.length;
  if (list.length === 0) {
    if (total > 0) return <PastLastPage page={page} firstPage={hrefFor(1)} />;
    return <p>{q ? messages.users.noMatch : messages.users.empty}</p>;
  }

  return (
    <>
      <PagedTable
        columns={[
          messages.users.name,
          messages.users.email,
          messages.users.role,
          messages.users.orders,
          messages.users.spend,
          messages.users.actions,
        ]}
        page={page}
        pageCount={Math.ceil(total / USERS_PAGE_SIZE)}
        hrefFor={hrefFor}
      >
        {list.map((user, index) => {
          const isSelf = user.email.toLowerCase() === currentUserEmail.toLowerCase();
          return (
            <tr key={user._id}>
              <td>{offset + index + 1}</td>
              <th scope="row" className="font-medium">
                {user.name}{' '}
                {isSelf ? <span className="text-base-content/80">{messages.users.you}</span> : null}
              </th>
              <td className="break-all">{user.email}</td>
              <td>
                {user.role === 'admin' ? messages.dashboard.roleAdmin : messages.dashboard.roleCustomer}
              </td>
              <td className="text-right tabular-nums">{user.orderCount.toLocaleString('en-US')}</td>
              <td className="text-right whitespace-nowrap tabular-nums">{formatMoney(user.spend)}</td>
              <td>
                <div className="flex flex-wrap gap-2">
                  {user.role === 'admin' ? null : (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      aria-label={`${messages.users.makeAdmin}: ${user.email}`}
                      disabled={makeAdmin.isPending}
                      onClick={() => setPending({ action: 'makeAdmin', user })}
                    >
                      {messages.users.makeAdmin}
                    </button>
                  )}
                  {user.role === 'admin' && !isSelf ? (
                    <button
                      type="button"
                      className="btn btn-warning btn-outline btn-sm"
                      aria-label={`${messages.users.removeAdmin}: ${user.email}`}
                      disabled={removeAdmin.isPending}
                      onClick={() => setPending({ action: 'removeAdmin', user })}
                    >
                      {messages.users.removeAdmin}
                    </button>
                  ) : null}
                  {isSelf ? null : (
                    <button
                      type="button"
                      className="btn btn-error btn-outline btn-sm"
                      aria-label={`${messages.users.removeUser}: ${user.email}`}
                      onClick={() => setPending({ action: 'removeUser', user })}
                    >
                      {messages.users.removeUser}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </PagedTable>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmations[pending.action].title : ''}
        confirmLabel={pending ? confirmations[pending.action].confirm : ''}
        cancelLabel={messages.users.cancel}
        busy={pending ? mutations[pending.action].isPending : false}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const done = { onSettled: () => setPending(null) };
          if (pending.action === 'makeAdmin') makeAdmin.mutate(pending.user.email, done);
          else mutations[pending.action].mutate(pending.user, done);
        }}
      >
        {pending ? <p>{confirmations[pending.action].text(pending.user.name, pending.user.email)}</p> : null}
      </ConfirmDialog>
    </>
  );
}
