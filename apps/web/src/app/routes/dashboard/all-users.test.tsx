import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminFixture, sessionOf } from '@/testing/handlers/identity';
import { usersFixture, usersHandlers } from '@/testing/handlers/users';
import { renderApp } from '@/testing/render-app';
import { requestLog, server } from '@/testing/server';

/** Signed in as an admin, with the users fixture; logs the requests from now on. */
function stubUsersApi(answers: { promote?: number } = {}) {
  server.use(...sessionOf(adminFixture).handlers, ...usersHandlers(usersFixture, answers));
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

  it("promotes a user with the spec's toast, sending the token", async () => {
    let authorization: string | null = null;
    stubUsersApi();
    server.use(
      http.put('/api/user/admin/bob%40example.com', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Make Admin/ }));
    expect(await screen.findByText('Successfuly made an admin')).toBeTruthy();
    expect(authorization).toMatch(/^Bearer ey/);
  });

  it("shows 'Failed to make an admin' when the server refuses (403)", async () => {
    stubUsersApi({ promote: 403 });
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Make Admin/ }));
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
