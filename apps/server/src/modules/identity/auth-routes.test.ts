import { messages } from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users } from '../../db/schema/index.js';
import {
  bearer,
  cookieHeader,
  expiredToken,
  getAccessToken,
  signUpAndGetToken,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueRemoteAddress,
} from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

const ADMIN_EMAIL = 'Boss@Example.com';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { adminEmails: [ADMIN_EMAIL.toLowerCase()] } });
});
afterAll(() => t.close());

function signUp(payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload,
    remoteAddress: uniqueRemoteAddress(),
  });
}

function signIn(payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload,
    remoteAddress: uniqueRemoteAddress(),
  });
}

describe('POST /api/auth/sign-up/email', () => {
  it('creates a normal user signed in by an httpOnly session cookie, with the password hashed', async () => {
    const email = uniqueEmail('ann');
    const response = await signUp({ name: 'Ann Lee', email, password: 'secret-one' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { name: 'Ann Lee', email, role: 'user' } });
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({ name: 'partsforge.session_token', httpOnly: true, sameSite: 'Lax' });

    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(response) },
    });
    expect(session.json()).toMatchObject({ user: { name: 'Ann Lee', email, role: 'user' } });

    const user = await t.app.identity.users.findByEmail(email);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account).toMatchObject({ providerId: 'credential' });
    expect(account!.password).toBeTruthy();
    expect(account!.password).not.toContain('secret-one');
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret-one' }, 'name', messages.validation.nameRequired],
    [{ name: '  ', email: 'a@b.co', password: 'secret-one' }, 'name', messages.validation.nameRequired],
    [{ name: 'Ann', email: '', password: 'secret-one' }, 'email', messages.validation.emailRequired],
    [
      { name: 'Ann', email: 'ann.example.com', password: 'secret-one' },
      'email',
      messages.validation.emailInvalid,
    ],
    [{ name: 'Ann', email: 'a@b.co', password: '' }, 'password', messages.validation.passwordRequired],
    [
      { name: 'Ann', email: 'a@b.co', password: '12345' },
      'password',
      messages.validation.newPasswordTooShort,
    ],
    [
      { name: 'Ann', email: 'a@b.co', password: 'seven77' },
      'password',
      messages.validation.newPasswordTooShort,
    ],
    [
      { name: 'Ann', email: 'a@b.co', password: 'p'.repeat(129) },
      'password',
      messages.validation.passwordTooLong,
    ],
    [
      { name: 'n'.repeat(101), email: 'a@b.co', password: 'secret-one' },
      'name',
      messages.validation.nameTooLong,
    ],
    [
      { name: 'Ann', email: `${'e'.repeat(250)}@b.co`, password: 'secret-one' },
      'email',
      messages.validation.emailTooLong,
    ],
  ])('answers %j with 400 and the message for %s', async (payload, field, message) => {
    const response = await signUp(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: message } });
  });

  it('keeps emails unique whatever their case', async () => {
    const email = uniqueEmail('dup');
    expect((await signUp({ name: 'First', email, password: 'secret-one' })).statusCode).toBe(200);
    const again = await signUp({ name: 'Second', email: email.toUpperCase(), password: 'secret-two' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'User already exists. Use another email.',
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
    });
  });

  it('never lets the client choose its role', async () => {
    const email = uniqueEmail('sneaky');
    const response = await signUp({ name: 'Sneaky', email, password: 'secret-one', role: 'admin' });
    expect(response.statusCode).toBe(200);
    expect((await t.app.identity.users.findByEmail(email))?.role).toBe('user');
  });

  it('does not make an email listed in ADMIN_EMAILS an admin before it is verified', async () => {
    // It becomes admin when its "Verify your email" link is opened (identity-mails.test.ts).
    const response = await signUp({ name: 'Boss', email: ADMIN_EMAIL, password: 'secret-one' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { emailVerified: false, role: 'user' } });
    expect((await t.app.identity.users.findByEmail('boss@example.com'))?.role).toBe('user');
  });
});

describe('ADMIN_EMAILS at start', () => {
  it('grants admin to an existing verified user when the app starts, and to no one else', async () => {
    const listed = await signUpAndGetToken(t.app, { email: uniqueEmail('later-admin'), name: 'Later' });
    const unverified = await signUpAndGetToken(t.app, {
      email: uniqueEmail('unverified'),
      name: 'Unverified',
    });
    const other = await signUpAndGetToken(t.app, { email: uniqueEmail('other'), name: 'Other' });
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, listed.user.id));
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, other.user.id));
    const restarted = await buildTestApp({
      database: t.database,
      config: { adminEmails: [listed.user.email.toUpperCase(), unverified.user.email] },
    });
    try {
      await restarted.app.ready();
      expect((await t.app.identity.users.findById(listed.user.id))?.role).toBe('admin');
      expect((await t.app.identity.users.findById(unverified.user.id))?.role).toBe('user');
      expect((await t.app.identity.users.findById(other.user.id))?.role).toBe('user');
      // The token issued before the restart now opens the admin routes: roles are read on every call.
      expect((await t.app.inject({ url: '/api/user', headers: bearer(listed.token) })).statusCode).toBe(200);
    } finally {
      await restarted.app.close();
    }
  });
});

describe('POST /api/auth/sign-in/email', () => {
  it('still signs in an account whose password has the 6 characters the first rules allowed', async () => {
    const email = uniqueEmail('legacy');
    await t.app.identity.auth.api.signUpEmail({ body: { name: 'Legacy', email, password: 'sixsix' } });
    expect((await signIn({ email, password: 'sixsix' })).statusCode).toBe(200);
  });

  it('signs in with the email in any case and answers a wrong password with the provider message', async () => {
    const { user } = await signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob' });
    const ok = await signIn({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies[0]).toMatchObject({ name: 'partsforge.session_token', httpOnly: true });

    const wrong = await signIn({ email: user.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(wrong.cookies).toEqual([]);

    const unknown = await signIn({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });
    expect(unknown.statusCode).toBe(401);
  });

  it('validates the body with the spec messages', async () => {
    const response = await signIn({ email: 'no-at-sign', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { email: messages.validation.emailInvalid, password: messages.validation.passwordTooShort },
    });
  });
});

describe('PUT /api/user/{email} (access token)', () => {
  it('gives the session user a token for their own email, in any case', async () => {
    const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('tok'), name: 'Tok' });
    const token = await getAccessToken(t.app, ann.user.email.toUpperCase(), ann.cookie);
    const flags = await t.app.inject({ url: `/api/user/${ann.user.email}`, headers: bearer(token) });
    expect(flags.json()).toEqual({ normalUser: true });
  });

  it("refuses another user's email (403) and a caller without a session (401)", async () => {
    const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann' });
    const bob = await signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob' });
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${bob.user.email}`,
      headers: { cookie: ann.cookie },
      payload: { email: bob.user.email },
    });
    expect(other.statusCode).toBe(403);
    // A bearer token is not a session: tokens are only ever obtained with the session cookie.
    const tokenOnly = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${ann.user.email}`,
      headers: bearer(ann.token),
    });
    expect(tokenOnly.statusCode).toBe(401);
    expect(tokenOnly.json()).toEqual({ message: messages.errors.signInRequired, code: 'UNAUTHORIZED' });
  });

  it('stops after sign-out: the session is gone', async () => {
    const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('out'), name: 'Out' });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: ann.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((cookie) => cookie.name === 'partsforge.session_token')?.maxAge).toBe(0);
    const after = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${ann.user.email}`,
      headers: { cookie: ann.cookie },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  it('stop working the moment their session is signed out, in every process', async () => {
    // A second process: its own app on the same database, with the same secret.
    const other = await buildTestApp({ database: t.database, config: { authSecret: t.config.authSecret } });
    try {
      const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('revoked'), name: 'Revoked' });
      const url = `/api/user/${ann.user.email}`;
      for (const app of [t.app, other.app])
        expect((await app.inject({ url, headers: bearer(ann.token) })).statusCode).toBe(200);
      // A second session of the same user keeps its own token.
      const second = await signUpAndGetToken(other.app, { email: uniqueEmail('kept'), name: 'Kept' });

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: ann.cookie },
      });
      expect(out.statusCode).toBe(200);
      for (const app of [t.app, other.app]) {
        const after = await app.inject({ url, headers: bearer(ann.token) });
        expect(after.statusCode).toBe(401);
        expect(after.json()).toEqual({ message: messages.errors.sessionExpired, code: 'UNAUTHORIZED' });
      }
      const kept = await t.app.inject({
        url: `/api/user/${second.user.email}`,
        headers: bearer(second.token),
      });
      expect(kept.statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });

  it('stop working when their session expires, even inside the token lifetime', async () => {
    const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('lapsed'), name: 'Lapsed' });
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, ann.user.id));
    const response = await t.app.inject({ url: `/api/user/${ann.user.email}`, headers: bearer(ann.token) });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 with "session expired" for an expired token and "sign in" for a tampered one', async () => {
    const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('tamper'), name: 'Tamper' });
    const url = `/api/admin/${ann.user.email}`;
    const expired = await t.app.inject({ url, headers: bearer(await expiredToken(t.app, ann.user)) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: messages.errors.sessionExpired, code: 'UNAUTHORIZED' });

    const [header, payload, signature] = ann.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [`${header}.${otherPayload}.${signature}`, `${unsigned}.${payload}.`, 'not-a-jwt']) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toEqual({ message: messages.errors.signInRequired, code: 'UNAUTHORIZED' });
    }
    const wrongScheme = await t.app.inject({ url, headers: { authorization: `Basic ${ann.token}` } });
    expect(wrongScheme.statusCode).toBe(401);
  });
});

describe('GET /api/auth-providers', () => {
  it('says Google sign-in is off without GOOGLE_CLIENT_ID', async () => {
    const response = await t.app.inject({ url: '/api/auth-providers' });
    expect(response.json()).toEqual({ google: false });
  });
});

describe("Better Auth's errors", () => {
  it('come as { message, code } like every other API error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'nowhere' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Provider not found', code: 'PROVIDER_NOT_FOUND' });
  });
});

describe('paths under /api/auth', () => {
  /**
   * POSTs JSON to the listening app with the path sent exactly as written: `inject` (like browsers) resolves
   * dot segments first, which an attacker's client does not.
   */
  async function rawPost(
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: string; cookies: boolean }> {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app is not listening');
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: address.port,
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: text,
              cookies: Boolean(response.headers['set-cookie']),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  const spellings = (action: string) => [
    `/api/auth/./${action}/email`,
    `/api/auth/%2e/${action}/email`,
    `/api/auth/${action}%2femail`,
    `/api/auth/${action}%2Femail`,
    `/api/auth//${action}/email`,
    `/api/auth/${action}//email`,
    `/api/auth/${action}/email/`,
    `/api/auth/${action}/./email`,
    `/api/auth/x/../${action}/email`,
    `/api/auth/${action}\\email`,
    `/api/auth/${action.toUpperCase()}/email`,
  ];

  it('answers every other spelling of sign-up with 404 and creates no one', async () => {
    const email = uniqueEmail('spelling');
    for (const url of spellings('sign-up')) {
      const response = await rawPost(url, { name: 'n'.repeat(200_000), email, password: TEST_PASSWORD });
      expect(response.status, url).toBe(404);
      expect(JSON.parse(response.body), url).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
    const signedIn = await signIn({ email, password: TEST_PASSWORD });
    expect(signedIn.statusCode).toBe(401);
  });

  it('answers a percent-encoded letter as the declared route, with its schema and limits', async () => {
    const email = uniqueEmail('encoded');
    const tooLong = await rawPost('/api/auth/sign-up/%65mail', {
      name: 'n'.repeat(200_000),
      email,
      password: TEST_PASSWORD,
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.parse(tooLong.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    const created = await rawPost('/api/auth/sign-up/%65mail', {
      name: 'Encoded',
      email,
      password: TEST_PASSWORD,
    });
    expect(created.status).toBe(200);
    expect((await signIn({ email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('answers every other spelling of sign-in with 404, so it is never an unlimited password guess', async () => {
    const { user } = await signUpAndGetToken(t.app, { email: uniqueEmail('guess'), name: 'Guess' });
    for (const url of spellings('sign-in')) {
      const response = await rawPost(url, { email: user.email, password: TEST_PASSWORD });
      expect(response.status, url).toBe(404);
      expect(response.cookies, url).toBe(false);
    }
  });

  it('answers every other spelling of the password-reset and verification routes with 404', async () => {
    for (const url of [
      '/api/auth/./request-password-reset',
      '/api/auth/%2e/request-password-reset',
      '/api/auth//reset-password',
      '/api/auth/reset-password/',
      '/api/auth/x/../send-verification-email',
    ]) {
      const response = await rawPost(url, {
        email: uniqueEmail('spelt'),
        token: 'x',
        newPassword: 'n'.repeat(200_000),
      });
      expect(response.status, url).toBe(404);
    }
    // Better Auth's own redirecting reset-link endpoint is not one the shop uses.
    const callback = await t.app.inject({ url: '/api/auth/reset-password/some-token?callbackURL=/' });
    expect(callback.statusCode).toBe(404);
  });

  it('answers the Better Auth endpoints the shop does not use with 404', async () => {
    const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('unused'), name: 'Unused' });
    for (const url of [
      '/api/auth/update-user',
      '/api/auth/delete-user',
      '/api/auth/change-password',
      '/api/auth/change-email',
      '/api/auth/forget-password',
      '/api/auth/list-sessions',
      '/api/auth/revoke-sessions',
      '/api/auth/ok',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: ann.headers,
        payload: {
          name: 'n'.repeat(200_000),
          newPassword: 'another-password',
          currentPassword: TEST_PASSWORD,
        },
      });
      expect(response.statusCode, url).toBe(404);
    }
    const me = await t.app.inject({ url: `/api/user/${ann.user.email}`, headers: ann.headers });
    expect(me.statusCode).toBe(200);
  });

  it('still serves the endpoints the shop uses', async () => {
    const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('used'), name: 'Used' });
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: ann.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json<{ user: { email: string } }>().user.email).toBe(ann.user.email);
    const accounts = await t.app.inject({ url: '/api/auth/list-accounts', headers: { cookie: ann.cookie } });
    expect(accounts.statusCode).toBe(200);
  });
});
