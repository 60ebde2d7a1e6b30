import type { UserSummary } from '@partsforge/shared/identity';
import { http, HttpResponse } from 'msw';
import { adminFixture } from './identity';
import { apiError, page } from './respond';

export const usersFixture: UserSummary[] = [
  { _id: adminFixture.id, name: adminFixture.name, email: adminFixture.email, role: 'admin' },
  { _id: 'u-2', name: 'Bob Buyer', email: 'bob@example.com', role: 'user' },
  { _id: 'u-3', name: 'Olga Owner', email: 'olga@example.com', role: 'admin' },
];

/**
 * The admin's user list (`GET /api/user`, paged) holding `users`, with Make Admin (`PUT /api/user/admin/{email}`,
 * refused with a 403 when `promote` is 403) and Remove User (`DELETE /api/user/{email}`, which takes the user
 * off the list).
 */
export function usersHandlers(users: UserSummary[] = [], { promote = 200 } = {}) {
  let list = [...users];
  return [
    http.get('/api/user', () => page(list)),
    http.put('/api/user/admin/:email', () =>
      promote === 403
        ? apiError(403, 'You do not have access to this.')
        : HttpResponse.json({ modifiedCount: 1 }),
    ),
    http.delete('/api/user/:email', ({ params }) => {
      list = list.filter((user) => user.email !== params.email);
      return HttpResponse.json({ deletedCount: 1 });
    }),
  ];
}
