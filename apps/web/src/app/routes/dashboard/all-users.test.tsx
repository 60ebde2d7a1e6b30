import type { UserListItem } from '@partsforge/shared/identity';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { usersFixture, usersHandlers } from '@/testing/handlers/users';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

/** Signed in as an admin, with the users fixture (or `users`); logs the requests from now on. */
function stubUsersApi(
  answers: Parameters<typeof usersHandlers>[1] = {},
  users: UserListItem[] = usersFixture,
) {
  server.use(...sessionOf(adminFixture).handlers, ...usersHandlers(users, answers));
  return requestLog();
}

function row(name: string) {
  return screen.getByRole('row', { name: new RegExp(name) });
}

describe('/dashboard/users', () => {
  it('lists users with Make Admin only for non-admins and Remove User for everyone but oneself', async () => {
    stubUsersApi();
    renderApp('/dashboard/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'All Users' })).toBeTruthy();
    await screen.findByText('bob@example.com');
    expect(within(row('Bob Buyer')).getByRole('button', { name: /Make Admin/ })).toBeTruthy();
    expect(within(row('Bob Buyer')).getByRole('button', { name: /Remove User/ })).toBeTruthy();
    expect(within(row('Olga Owner')).queryByRole('button', { name: /Make Admin/ })).toBeNull();
    expect(within(row('Olga Owner')).getByRole('button', { name: /Remove User/ })).toBeTruthy();
    expect(within(row('Ada Admin')).queryByRole('button')).toBeNull();
  });

  it("promotes a user after confirmation, not when cancelled, with the spec's toast, sending the token", async () => {
    let authorization: string | null = null;
    let promotions = 0;
    stubUsersApi();
    server.use(
      http.put('/api/user/admin/bob%40example.com', ({ request }) => {
        authorization = request.headers.get('Authorization');
        promotions += 1;
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Make Admin/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this user an admin?' });
    expect(
      within(dialog).getByText(
        'Bob Buyer (bob@example.com) will be able to manage users, orders and products.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(promotions).toBe(0);

    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Make Admin/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Successfuly made an admin')).toBeTruthy();
    expect(promotions).toBe(1);
    expect(authorization).toMatch(/^Bearer ey/);
  });

  it("shows 'Failed to make an admin' when the server refuses (403)", async () => {
    stubUsersApi({ promote: 403 });
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Make Admin/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Failed to make an admin')).toBeTruthy();
  });

  it('removes a user after confirmation, and not when cancelled', async () => {
    const log = stubUsersApi();
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    const deletes = () => log.filter((request) => request.startsWith('DELETE '));

    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Remove User/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this user?' });
    expect(
      within(dialog).getByText(/Bob Buyer \(bob@example.com\) will no longer be able to sign in/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toEqual([]);

    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Remove User/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bob Buyer is deleted')).toBeTruthy();
    expect(deletes()).toEqual(['DELETE /api/user/bob%40example.com']);
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
  });
});

describe('/dashboard/users: finding users (docs/requirements.md §13)', () => {
  it("shows each user's orders and spend", async () => {
    stubUsersApi();
    renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    expect(screen.getByRole('columnheader', { name: 'Orders' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Spend' })).toBeTruthy();
    expect(within(row('Bob Buyer')).getByText('3')).toBeTruthy();
    expect(within(row('Bob Buyer')).getByText('$1,234.50')).toBeTruthy();
    expect(within(row('Olga Owner')).getByText('$0.00')).toBeTruthy();
  });

  it('searches by name or email, keeps the search in the URL, and says when nobody matches', async () => {
    const log = stubUsersApi();
    const { user, router } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    await user.type(screen.getByLabelText('Search users'), 'OLGA{Enter}');
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
    expect(screen.getByText('olga@example.com')).toBeTruthy();
    expect(log).toContain('GET /api/user?q=OLGA&limit=20&offset=0');
    expect(router.state.location.search).toBe('?q=OLGA');

    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), 'nobody{Enter}');
    expect(await screen.findByText('No users match')).toBeTruthy();
  });

  it('pages through many users, keeping the search', async () => {
    const many: UserListItem[] = Array.from({ length: 25 }, (_, index) => ({
      _id: `u-many-${index}`,
      name: `Fleet Buyer ${index + 1}`,
      email: `fleet${index + 1}@example.com`,
      role: 'user',
      orderCount: index,
      spend: index * 10,
    }));
    const log = stubUsersApi({}, [...usersFixture, ...many]);
    const { user } = renderApp('/dashboard/users?q=fleet');
    expect(await screen.findByText('fleet1@example.com')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('fleet25@example.com')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(log).toContain('GET /api/user?q=fleet&limit=20&offset=20');
  });

  it('offers Remove admin on other admins only, and removes the role after confirmation', async () => {
    const log = stubUsersApi();
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('olga@example.com');
    expect(within(row('Bob Buyer')).queryByRole('button', { name: /Remove admin/ })).toBeNull();
    expect(within(row('Ada Admin')).queryByRole('button')).toBeNull();
    const deletes = () => log.filter((request) => request.startsWith('DELETE '));

    await user.click(
      within(row('Olga Owner')).getByRole('button', { name: 'Remove admin: olga@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove the admin role?' });
    expect(
      within(dialog).getByText(/Olga Owner \(olga@example.com\) will no longer be an admin/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toEqual([]);

    await user.click(within(row('Olga Owner')).getByRole('button', { name: /Remove admin/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove admin' }));
    expect(await screen.findByText('Olga Owner is no longer an admin')).toBeTruthy();
    expect(deletes()).toEqual(['DELETE /api/user/admin/olga%40example.com']);
    await waitFor(() => expect(within(row('Olga Owner')).getByText('Customer')).toBeTruthy());
    expect(within(row('Olga Owner')).getByRole('button', { name: /Make Admin/ })).toBeTruthy();
  });

  it("shows the server's reason when the role cannot be removed", async () => {
    stubUsersApi({ demote: { status: 409, message: 'The last admin cannot be removed.', code: 'CONFLICT' } });
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('olga@example.com');
    await user.click(within(row('Olga Owner')).getByRole('button', { name: /Remove admin/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove admin' }));
    expect(await screen.findByText('The last admin cannot be removed.')).toBeTruthy();
    expect(within(row('Olga Owner')).getByText('Admin')).toBeTruthy();
  });
});
