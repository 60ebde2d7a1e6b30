import { vi } from 'vitest';
import { categoriesFixture, makesFixture, partsFixture, reviewsFixture } from './api-fixtures';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** A signed-out visitor: Better Auth answers `null` for the session. */
export const signedOutHandlers: Record<string, Handler> = {
  '/api/auth/get-session': () => jsonResponse(null),
};

/** A token shaped like the server's (a JWT whose payload carries `email` and `exp`), never verified here. */
export function fakeAccessToken(email: string, expiresInSeconds = 900): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ email, exp })}.signature`;
}

export interface StubUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
}

export const customerFixture: StubUser = {
  id: 'u-customer',
  name: 'Casey Customer',
  email: 'casey@example.com',
  role: 'user',
};
export const adminFixture: StubUser = {
  id: 'u-admin',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
};

/**
 * The identity calls of a signed-in `user`: the session, `PUT /user/{email}` (a token), `GET /user/{email}`
 * and `GET /admin/{email}` (the role flags), and sign-out.
 */
export function signedInHandlers(user: StubUser): Record<string, Handler> {
  const email = encodeURIComponent(user.email);
  return {
    '/api/auth/get-session': () =>
      jsonResponse({ session: { id: 's1', userId: user.id }, user: { ...user, emailVerified: false } }),
    [`/api/user/${email}`]: (_url, init) =>
      init?.method === 'PUT'
        ? jsonResponse({ token: fakeAccessToken(user.email) })
        : jsonResponse({ normalUser: user.role === 'user' }),
    [`/api/admin/${email}`]: () => jsonResponse({ admin: user.role === 'admin' }),
    '/api/auth/sign-out': () => jsonResponse({ success: true }),
  };
}

/** The home page's four calls answered with the fixtures (the API answers every requested part: 8 > 6). */
export const homeHandlers: Record<string, Handler> = {
  ...signedOutHandlers,
  '/api/parts': () =>
    jsonResponse(partsFixture, { headers: { 'X-Total-Count': String(partsFixture.length) } }),
  '/api/review': () => jsonResponse(reviewsFixture),
  '/api/category': () => jsonResponse(categoriesFixture),
  '/api/make': () => jsonResponse(makesFixture),
};

/**
 * Replaces the global fetch with one that answers by path from `handlers` (404 `{ message }` otherwise) and
 * returns the mock, whose calls hold the requested URLs and request options. Every test starts with
 * `stubApi(signedOutHandlers)` (testing/setup.ts), so no test reaches the network.
 */
export function stubApi(handlers: Record<string, Handler> = homeHandlers) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const handler = handlers[url.pathname];
    return handler ? handler(url, init) : jsonResponse({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A promise with its resolve function, to hold an API answer until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
