/**
 * Test helpers for signed-in callers, through the real flows: sign-up (Better Auth, session cookie), then the
 * spec's `PUT /api/user/{email}` for the access token. Also tokens a client must never get accepted: an
 * expired one (signed by the app, issued 16 minutes ago) and a forged one (signed with another secret).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { UserRole } from '@partsforge/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from '../modules/identity/index.js';
import type { AuthUser } from '../modules/identity/index.js';

/** Password of test users unless one is given. */
export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestUser {
  user: AuthUser;
  password: string;
  /** The Better Auth session cookie(s), as a `Cookie` header value. */
  cookie: string;
  /** The access token from `PUT /api/user/{email}`. */
  token: string;
  /** Headers of a signed-in browser: the bearer token and the session cookie. */
  headers: { authorization: string; cookie: string };
}

/** A client address of its own per call, so sign-ups in one test file never share a per-IP rate limit. */
export function uniqueRemoteAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A unique email for a test user, e.g. `ann-3f9a1c2b@example.com`. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The `Cookie` header value that sends back every cookie a response set. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
}

/** The Authorization header value for `token`. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * Signs up `email` through `POST /api/auth/sign-up/email`, makes the user an admin when `role` is 'admin'
 * (as an admin's promotion would), and gets the access token with the session. Throws with the response body
 * when a step fails.
 */
export async function signUpAndGetToken(
  app: FastifyInstance,
  {
    email,
    name,
    password = TEST_PASSWORD,
    role = 'user',
  }: { email: string; name: string; password?: string; role?: UserRole },
): Promise<TestUser> {
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password },
    remoteAddress: uniqueRemoteAddress(),
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  if (role === 'admin') await app.identity.users.promoteToAdmin(email);
  const cookie = cookieHeader(signUp);
  const token = await getAccessToken(app, email, cookie);
  const user = await app.identity.users.findByEmail(email);
  if (!user) throw new Error(`user ${email} not found after sign-up`);
  return { user, password, cookie, token, headers: { ...bearer(token), cookie } };
}

/** `PUT /api/user/{email}` with the session cookie; returns the token or throws with the response. */
export async function getAccessToken(app: FastifyInstance, email: string, cookie: string): Promise<string> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie },
    payload: { email },
  });
  if (response.statusCode !== 200) throw new Error(`token failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** A token the app itself signed for `user` (for a made-up session), expired a minute ago. */
export function expiredToken(app: FastifyInstance, user: { id: string; email: string }): Promise<string> {
  const issuedAt = new Date(Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
  return app.identity.accessTokens.issue(user, randomBytes(16).toString('hex'), { now: issuedAt });
}

/** A well-formed, unexpired token for `user` signed with a secret the app does not know. */
export function forgedToken(user: { id: string; email: string }): Promise<string> {
  return createAccessTokens(randomBytes(32).toString('hex')).issue(user, randomBytes(16).toString('hex'));
}
