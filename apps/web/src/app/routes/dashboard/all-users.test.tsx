import type { UserSummary } from '@partsforge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { adminFixture, jsonResponse, signedInHandlers, stubApi } from '@/testing/stub-api';

const usersFixture: UserSummary[] = [
  { _id: adminFixture.id, name: adminFixture.name, email: adminFixture.email, role: 'admin' },
  { _id: 'u-2', name: 'Bob Buyer', email: 'bob@example.com', role: 'user' },
  { _id: 'u-3', name: 'Olga Owner', email: 'olga@example.com', role: 'admin' },
];

function stubUsersApi(answers: { promote?: number; remove?: number } = {}) {
  let users = [...usersFixture];
  return stubApi({
    ...signedInHandlers(adminFixture),
    '/api/user': () => jsonResponse(users, { headers: { 'X-Total-Count': String(users.length) } }),
    '/api/user/admin/bob%40example.com': () =>
      answers.promote === 403
        ? jsonResponse({ message: 'You do not have access to this.' }, { status: 403 })
        : jsonResponse({ modifiedCount: 1 }),
    '/api/user/bob%40example.com': (_url, init) => {
      if (init?.method !== 'DELETE') return jsonResponse({ message: 'Not found' }, { status: 404 });
      users = users.filter((user) => user.email !== 'bob@example.com');
      return jsonResponse({ deletedCount: 1 });
    },
  });
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
    const fetchMock = stubUsersApi();
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Make Admin/ }));
    expect(await screen.findByText('Successfuly made an admin')).toBeTruthy();
    const call = fetchMock.mock.calls.find(
      ([input]) => String(input) === '/api/user/admin/bob%40example.com',
    );
    expect(call?.[1]?.method).toBe('PUT');
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toMatch(/^Bearer ey/);
  });

  it("shows 'Failed to make an admin' when the server refuses (403)", async () => {
    stubUsersApi({ promote: 403 });
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    await user.click(within(row('Bob Buyer')).getByRole('button', { name: /Make Admin/ }));
    expect(await screen.findByText('Failed to make an admin')).toBeTruthy();
  });

  it('removes a user after confirmation, and not when cancelled', async () => {
    const fetchMock = stubUsersApi();
    const { user } = renderApp('/dashboard/users');
    await screen.findByText('bob@example.com');
    const deletes = () =>
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input));

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
    expect(deletes()).toEqual(['/api/user/bob%40example.com']);
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
  });
});
