/**
 * Email verification and password reset as a user lives them (docs/requirements.md §13, Email), with a real SMTP
 * server and the delivery worker on: the mails that arrive (plain text and HTML), the links in them followed
 * through the API, ADMIN_EMAILS taking effect only once verified, and a reset that works once, for one hour,
 * signs out every session and ends every access token. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { messages } from '@partsforge/shared';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, outboundEmails, users, verifications } from '../../db/schema/index.js';
import {
  bearer,
  cookieHeader,
  signUpAndGetToken,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueRemoteAddress,
} from '../../test/auth.js';
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.js';
import { startSmtpServer, waitUntil, type TestSmtpServer } from '../../test/mail.js';

const BOSS = 'boss-verified@example.com';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    config: {
      jobWorkers: true,
      adminEmails: [BOSS],
      mail: { ...testConfig().mail, smtpUrl: smtp.url },
    },
  });
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text);
const mailsTo = (email: string) => smtp.received.filter((mail) => addressOf(mail) === email);

/** Resolves with the first `count` messages to `email` once they arrived. */
function waitForMails(email: string, count = 1): Promise<ParsedMail[]> {
  return waitUntil(
    () => (mailsTo(email).length >= count ? mailsTo(email).slice(0, count) : undefined),
    15_000,
    `${count} message(s) to ${email}`,
  );
}

/** The link to `page` in the message's text, checked to be the same in its HTML part. */
function linkIn(mail: ParsedMail, page: string): URL {
  const match = new RegExp(`https?://\\S+${page}\\?token=\\S+`).exec(mail.text ?? '');
  expect(match, `a ${page} link in the text`).not.toBeNull();
  const link = new URL(match![0]);
  expect(mail.html).toContain(`href="${link.toString()}"`);
  return link;
}

const tokenOf = (link: URL) => link.searchParams.get('token')!;

const signUp = (email: string, name = 'Verity', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password: TEST_PASSWORD },
    headers,
    remoteAddress: uniqueRemoteAddress(),
  });

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: uniqueRemoteAddress(),
  });

const verify = (token: string) =>
  t.app.inject({
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    remoteAddress: uniqueRemoteAddress(),
  });

const askReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress: uniqueRemoteAddress(),
  });

const reset = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
    remoteAddress: uniqueRemoteAddress(),
  });

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

const outboxTo = (email: string) =>
  t.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, email));

describe('Verify your email', () => {
  it('is sent once at sign-up, with a text and an HTML part whose link verifies the address', async () => {
    const email = uniqueEmail('verity');
    expect((await signUp(email, 'Verity Vale')).statusCode).toBe(200);
    const [mail] = await waitForMails(email);
    expect(mail!.subject).toBe('Verify your email for PartsForge');
    expect(mail!.text).toContain('Hello Verity Vale');
    const link = linkIn(mail!, '/verify-email');
    // Every mail links to one origin (PUBLIC_URL, else http://localhost:PORT), as the order mails do.
    expect(`${link.origin}${link.pathname}`).toBe(`${t.app.mail.linkOrigin}/verify-email`);
    expect((await userRow(email)).emailVerified).toBe(false);

    const verified = await verify(tokenOf(link));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: true });
    expect((await userRow(email)).emailVerified).toBe(true);
    // The link opened again still says verified.
    expect((await verify(tokenOf(link))).statusCode).toBe(200);

    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ kind: 'verify-email', userId: (await userRow(email)).id });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("never takes the link's origin from the request's Host header", async () => {
    const email = uniqueEmail('forged-host');
    expect(
      (await signUp(email, 'Fay Forged', { host: 'evil.example', 'x-forwarded-host': 'evil.example' }))
        .statusCode,
    ).toBe(200);
    const [mail] = await waitForMails(email);
    const link = linkIn(mail!, '/verify-email');
    expect(link.origin).toBe(t.app.mail.linkOrigin);
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html).not.toContain('evil.example');
  });

  it('leaves an unverified customer signed in with a working token', async () => {
    const customer = await signUpAndGetToken(t.app, { email: uniqueEmail('unverified'), name: 'Una' });
    const flags = await t.app.inject({ url: `/api/user/${customer.user.email}`, headers: customer.headers });
    expect(flags.json()).toEqual({ normalUser: true });
  });

  it('makes an ADMIN_EMAILS address admin only once verified, for the token it already holds too', async () => {
    const boss = await signUpAndGetToken(t.app, { email: BOSS, name: 'Boss' });
    expect(boss.user.role).toBe('user');
    const before = await t.app.inject({ url: `/api/admin/${BOSS}`, headers: boss.headers });
    expect(before.json()).toEqual({ admin: false });
    expect((await t.app.inject({ url: '/api/user', headers: boss.headers })).statusCode).toBe(403);

    const [mail] = await waitForMails(BOSS);
    expect((await verify(tokenOf(linkIn(mail!, '/verify-email')))).statusCode).toBe(200);
    expect((await userRow(BOSS)).role).toBe('admin');
    const after = await t.app.inject({ url: `/api/admin/${BOSS}`, headers: boss.headers });
    expect(after.json()).toEqual({ admin: true });
    expect((await t.app.inject({ url: '/api/user', headers: boss.headers })).statusCode).toBe(200);
  });

  it('answers an expired, forged or missing link with 400 and changes nothing', async () => {
    const email = uniqueEmail('late');
    await signUp(email);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(t.config.authSecret));
    const late = await verify(expired);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: messages.emailVerification.linkExpired, code: 'TOKEN_EXPIRED' });

    const forged = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    for (const token of [forged, 'not-a-token']) {
      const response = await verify(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: messages.emailVerification.linkInvalid,
        code: 'INVALID_TOKEN',
      });
    }
    const missing = await t.app.inject({ url: '/api/auth/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await userRow(email)).emailVerified).toBe(false);
  });

  it('sends a new link to a signed-in unverified user, and to no one else', async () => {
    const customer = await signUpAndGetToken(t.app, { email: uniqueEmail('again'), name: 'Again' });
    await waitForMails(customer.user.email);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { cookie: customer.cookie },
        // An address in the body is ignored: the link goes to the session's own address.
        payload: { email: 'someone-else@example.com' },
        remoteAddress: uniqueRemoteAddress(),
      });
    const sent = await send();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: true, message: messages.emailVerification.newLinkSent });
    const [, second] = await waitForMails(customer.user.email, 2);
    expect(await outboxTo('someone-else@example.com')).toEqual([]);

    expect((await verify(tokenOf(linkIn(second!, '/verify-email')))).statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: messages.emailVerification.alreadyVerified,
      code: 'EMAIL_ALREADY_VERIFIED',
    });

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('Reset your password', () => {
  it('answers a known and an unknown address identically, and mails only the known one', async () => {
    const known = await signUpAndGetToken(t.app, { email: uniqueEmail('known'), name: 'Kim Known' });
    const unknown = uniqueEmail('unknown');
    const [forKnown, forUnknown] = [await askReset(known.user.email), await askReset(unknown)];
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
    expect(forKnown.json()).toEqual({ status: true, message: messages.passwordReset.requested });

    const mails = await waitForMails(known.user.email, 2);
    const reset = mails.find((mail) => mail.subject === 'Reset your PartsForge password');
    expect(reset).toBeDefined();
    expect(reset!.text).toContain('Hello Kim Known');
    expect(reset!.text).toContain('expires in one hour');
    const link = linkIn(reset!, '/reset-password');
    expect(`${link.origin}${link.pathname}`).toBe(`${t.app.mail.linkOrigin}/reset-password`);
    expect(await outboxTo(unknown)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(mailsTo(known.user.email)).toHaveLength(2);
    expect(mailsTo(unknown)).toEqual([]);
  });

  it('sets a new password once, and signs out every session and token of the account', async () => {
    const ann = await signUpAndGetToken(t.app, { email: uniqueEmail('reset'), name: 'Ann' });
    const secondSession = await signIn(ann.user.email, TEST_PASSWORD);
    expect(secondSession.statusCode).toBe(200);
    await askReset(ann.user.email);
    const mail = (await waitForMails(ann.user.email, 2)).find((m) => m.subject?.startsWith('Reset'))!;
    const token = tokenOf(linkIn(mail, '/reset-password'));

    const done = await reset(token, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: true });

    expect((await signIn(ann.user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(ann.user.email, 'a-brand-new-password')).statusCode).toBe(200);

    for (const cookie of [ann.cookie, cookieHeader(secondSession)]) {
      const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
      expect(session.json()).toBeNull();
    }
    const old = await t.app.inject({ url: `/api/user/${ann.user.email}`, headers: bearer(ann.token) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: messages.errors.sessionExpired, code: 'UNAUTHORIZED' });

    const twice = await reset(token, 'yet-another-password');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: messages.passwordReset.linkInvalid, code: 'INVALID_TOKEN' });
    expect((await signIn(ann.user.email, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('refuses a link after its hour, and keeps the password', async () => {
    const bob = await signUpAndGetToken(t.app, { email: uniqueEmail('hour'), name: 'Bob' });
    await askReset(bob.user.email);
    const mail = (await waitForMails(bob.user.email, 2)).find((m) => m.subject?.startsWith('Reset'))!;
    const token = tokenOf(linkIn(mail, '/reset-password'));
    const [row] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.value, bob.user.id));
    // Issued for one hour.
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, bob.user.id));

    const late = await reset(token, 'a-brand-new-password');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: messages.passwordReset.linkInvalid, code: 'INVALID_TOKEN' });
    expect((await signIn(bob.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/user/${bob.user.email}`, headers: bob.headers })).statusCode,
    ).toBe(200);
  });

  it('answers an account that signs in only with Google the same, and mails it nothing', async () => {
    const email = uniqueEmail('google-only');
    const id = randomUUID();
    await t.database.db.insert(users).values({ id, name: 'Gus Google', email, emailVerified: true });
    await t.database.db
      .insert(accounts)
      .values({ id: randomUUID(), userId: id, providerId: 'google', accountId: `google-${id}` });
    const response = await askReset(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: messages.passwordReset.requested });
    expect(await outboxTo(email)).toEqual([]);
  });

  it('validates the new password with the sign-up rules and the token', async () => {
    const short = await reset('some-token', 'seven77');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { newPassword: messages.validation.newPasswordTooShort },
    });
    const noToken = await reset('', 'a-long-enough-password');
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ errors: { token: messages.passwordReset.tokenRequired } });
    const unknown = await reset('no-such-token-000000000', 'a-long-enough-password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const badEmail = await askReset('not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ errors: { email: messages.validation.emailInvalid } });
  });

  it('limits requests per email address, known or not', async () => {
    for (const email of [
      uniqueEmail('flood'),
      (await signUp(uniqueEmail('flooded'))).json<{ user: { email: string } }>().user.email,
    ]) {
      for (let attempt = 1; attempt <= 3; attempt += 1) expect((await askReset(email)).statusCode).toBe(200);
      const fourth = await askReset(email.toUpperCase());
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ message: messages.errors.rateLimited, code: 'RATE_LIMITED' });
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
