/**
 * Google sign-in through OpenID Connect (docs/design.md item 9), end to end against a local provider
 * (oauth2-mock-server on loopback): discovery, authorization redirect, code exchange with PKCE, ID-token
 * verification against the provider's keys, then a session for a user row with a linked Google account.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, outboundEmails, users } from '../../db/schema/index.js';
import { cookieHeader, signUpAndGetToken, uniqueEmail } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

/** An address in ADMIN_EMAILS that signs up with Google. */
const GOOGLE_ADMIN = 'gail.admin@example.com';

let oidc: OAuth2Server;
let t: TestApp;
/** Claims the provider puts in its next ID tokens (the Google profile of the person signing in). */
let profile: { sub: string; email: string; name: string };

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { ...profile, email_verified: true });
  });
  t = await buildTestApp({
    config: {
      adminEmails: [GOOGLE_ADMIN],
      google: {
        clientId: 'partsforge-test-client',
        clientSecret: 'partsforge-test-secret',
        discoveryUrl: `${oidc.issuer.url}/.well-known/openid-configuration`,
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});

/** Clicks "Continue with Google", lets the provider approve, and follows its redirect back to the shop. */
async function signInWithGoogle(app: FastifyInstance): Promise<LightMyRequestResponse> {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: 'http://localhost' },
    payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/login' },
  });
  expect(start.statusCode).toBe(200);
  const { url } = start.json<{ url: string }>();
  expect(url.startsWith(`${oidc.issuer.url}/authorize?`)).toBe(true);
  expect(new URL(url).searchParams.get('redirect_uri')).toBe('http://localhost/api/auth/callback/google');

  const approved = await fetch(url, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  return app.inject({
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(start) },
  });
}

describe('Google sign-in (OpenID Connect)', () => {
  it('says Google is configured', async () => {
    expect((await t.app.inject({ url: '/api/auth-providers' })).json()).toEqual({ google: true });
  });

  it('creates a signed-in user with a linked Google account, and finds it again next time', async () => {
    profile = { sub: 'google-subject-1', email: 'Gina.Google@Example.com', name: 'Gina Google' };
    const callback = await signInWithGoogle(t.app);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(callback) },
    });
    expect(session.json()).toMatchObject({ user: { email: 'gina.google@example.com', name: 'Gina Google' } });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'gina.google@example.com'));
    expect(user).toMatchObject({ name: 'Gina Google', role: 'user', emailVerified: true });
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(linked).toEqual([
      expect.objectContaining({ providerId: 'google', accountId: 'google-subject-1', password: null }),
    ]);

    const again = await signInWithGoogle(t.app);
    expect(again.statusCode).toBe(302);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id))).toHaveLength(1);
    expect(await t.database.db.select().from(users).where(eq(users.email, user!.email))).toHaveLength(1);
  });

  it('makes an ADMIN_EMAILS address admin at once when Google vouches for it, and mails no verification link', async () => {
    profile = { sub: 'google-subject-admin', email: 'Gail.Admin@Example.com', name: 'Gail Admin' };
    const callback = await signInWithGoogle(t.app);
    expect(callback.statusCode).toBe(302);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, GOOGLE_ADMIN));
    expect(user).toMatchObject({ role: 'admin', emailVerified: true });
    expect(
      await t.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, GOOGLE_ADMIN)),
    ).toEqual([]);
  });

  it('does not take over an existing password account with the same unverified email', async () => {
    // Someone may have signed up with this address without owning it: linking would hand them the account.
    const existing = await signUpAndGetToken(t.app, { email: uniqueEmail('both'), name: 'Both Ways' });
    profile = { sub: 'google-subject-2', email: existing.user.email, name: 'Both Ways' };
    const callback = await signInWithGoogle(t.app);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=account_not_linked');
    expect(callback.cookies.some((cookie) => cookie.name.endsWith('session_token') && cookie.value)).toBe(
      false,
    );
    const linked = await t.database.db.select().from(accounts).where(eq(accounts.userId, existing.user.id));
    expect(linked.map((account) => account.providerId)).toEqual(['credential']);
  });

  it('refuses a callback whose state does not belong to this browser', async () => {
    profile = { sub: 'google-subject-3', email: uniqueEmail('csrf'), name: 'Mallory' };
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    const approved = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location')!);
    // No state cookie: as if the callback link was planted in another browser.
    const response = await t.app.inject({ url: `${callback.pathname}${callback.search}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toContain('error=');
    expect(response.cookies.some((cookie) => cookie.name.endsWith('session_token') && cookie.value)).toBe(
      false,
    );
  });
});
