import type { UserListItem } from '@partsforge/shared/identity';
import { http, HttpResponse } from 'msw';
import { adminFixture } from './identity';
import { apiError, page } from './respond';

export const usersFixture: UserListItem[] = [
  {
    _id: adminFixture.id,
    name: adminFixture.name,
    email: adminFixture.email,
    role: 'admin',
    orderCount: 0,
    spend: 0,
  },
  { _id: 'u-2', name: 'Bob Buyer', email: 'bob@example.com', role: 'user', orderCount: 3, spend: 1234.5 },
  { _id: 'u-3', name: 'Olga Owner', email: 'olga@example.com', role: 'admin', orderCount: 0, spend: 0 },
];

/**
 * The admin's user list (`GET /api/user`: `q` keeps names and emails containing it, any case; paged by `limit`
 * and `offset`) holding `users`, with Make Admin (`PUT /api/user/admin/{email}`, refused with a 403 when
 * `promote` is 403), Remove admin (`DELETE /api/user/admin/{email}`, which makes the user a customer, or answers
 * `demote`'s error) and Remove User (`DELETE /api/user/{email}`, which takes the user off the list).
 */
export function usersHandlers(
  users: UserListItem[] = [],
  {
    promote = 200,
    demote,
  }: { promote?: number; demote?: { status: number; message: string; code?: string } } = {},
) {
  let list = [...users];
  return [
    http.get('/api/user', ({ request }) => {
      const search = new URL(request.url).searchParams;
      const q = (search.get('q') ?? '').toLowerCase();
      const found = list.filter((user) => `${user.name} ${user.email}`.toLowerCase().includes(q));
      const offset = Number(search.get('offset') ?? 0);
      const limit = Number(search.get('limit') ?? found.length);
      return page(found.slice(offset, offset + limit), found.length);
    }),
    http.put('/api/user/admin/:email', () =>
      promote === 403
        ? apiError(403, 'You do not have access to this.')
        : HttpResponse.json({ modifiedCount: 1 }),
    ),
    http.delete('/api/user/admin/:email', ({ params }) => {
      if (demote) return apiError(demote.status, demote.message, demote.code ? { code: demote.code } : {});
      list = list.map((user) => (user.email === params.email ? { ...user, role: 'user' as const } : user));
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    http.delete('/api/user/:email', ({ params }) => {
      list = list.filter((user) => user.email !== params.email);
      return HttpResponse.json({ deletedCount: 1 });
    }),
  ];
}
