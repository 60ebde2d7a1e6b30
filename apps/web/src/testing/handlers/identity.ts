import { http, HttpResponse } from 'msw';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
}

export const customerFixture: TestUser = {
  id: 'u-customer',
  name: 'Casey Customer',
  email: 'casey@example.com',
  role: 'user',
};
export const adminFixture: TestUser = {
  id: 'u-admin',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
};

/** A token shaped like the server's (a JWT whose payload carries `email` and `exp`), never verified here. */
export function fakeAccessToken(email: string, expiresInSeconds = 900): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ email, exp })}.signature`;
}

/** The sign-in options: email and password only (Google is not configured). */
const noGoogle = http.get('/api/auth-providers', () => HttpResponse.json({ google: false }));

/** A signed-out visitor: Better Auth answers `null` for the session. */
export const signedOutHandlers = [http.get('/api/auth/get-session', () => HttpResponse.json(null)), noGoogle];

/**
 * The identity calls of `user`: the session (while `session.signedIn`), `PUT /user/{email}` (a token),
 * `GET /user/{email}` and `GET /admin/{email}` (the role flags), and sign-out, which ends the session. A test
 * signs the user in from its own sign-in handler by setting `session.signedIn`.
 */
export function sessionOf(user: TestUser, { signedIn = true } = {}) {
  const session = { signedIn };
  const email = encodeURIComponent(user.email);
  const handlers = [
    http.get('/api/auth/get-session', () =>
      HttpResponse.json(
        session.signedIn
          ? { session: { id: 's1', userId: user.id }, user: { ...user, emailVerified: false } }
          : null,
      ),
    ),
    http.put(`/api/user/${email}`, () => HttpResponse.json({ token: fakeAccessToken(user.email) })),
    http.get(`/api/user/${email}`, () => HttpResponse.json({ normalUser: user.role === 'user' })),
    http.get(`/api/admin/${email}`, () => HttpResponse.json({ admin: user.role === 'admin' })),
    http.post('/api/auth/sign-out', () => {
      session.signedIn = false;
      return HttpResponse.json({ success: true });
    }),
  ];
  return { session, handlers };
}
