import { randomBytes } from 'node:crypto';
import { messages } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, TEST_PASSWORD, uniqueEmail, uniqueRemoteAddress } from '../../test/auth.js';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/build-test-app.js';
import { AUTH_RATE_LIMIT } from './auth.js';
import { SIGN_IN_LIMITS } from './sign-in-rate-limit.js';

const limited = { message: messages.errors.tooManyAttempts, code: 'RATE_LIMITED' };

function signIn(app: TestApp['app'], email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress,
  });
}

/** Starts a Google sign-in: a sign-in path behind Better Auth's own limiter only. */
function startSocialSignIn(app: TestApp['app'], remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google' },
    remoteAddress,
  });
}

const SOCIAL_LIMIT = AUTH_RATE_LIMIT.customRules['/sign-in/*'].max;

describe('sign-in and sign-up limits (one process, in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the 11th wrong password for one email within a minute with 429, even the right one', async () => {
    const { user } = await signUpAndGetToken(t.app, { email: uniqueEmail('victim'), name: 'Victim' });
    const address = uniqueRemoteAddress();
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perEmail; attempt += 1) {
      // Changing case and spacing does not start a new count.
      const email = attempt % 2 ? user.email.toUpperCase() : ` ${user.email} `;
      expect((await signIn(t.app, email, `wrong-${attempt}`, address)).statusCode).toBe(401);
    }
    const eleventh = await signIn(t.app, user.email, 'wrong-11', address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(limited);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(eleventh.headers['retry-after'])).toBeLessThanOrEqual(60);
    // From another address too: the limit is on the account.
    expect((await signIn(t.app, user.email, TEST_PASSWORD, uniqueRemoteAddress())).statusCode).toBe(429);
    // Other accounts are not affected.
    const other = await signUpAndGetToken(t.app, { email: uniqueEmail('other'), name: 'Other' });
    expect((await signIn(t.app, other.user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it(`limits one address to ${SIGN_IN_LIMITS.perIp} sign-in attempts a minute, whatever the emails`, async () => {
    const address = uniqueRemoteAddress();
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perIp; attempt += 1) {
      const response = await signIn(t.app, uniqueEmail('spray'), 'wrong-password', address);
      expect(response.statusCode).toBe(401);
    }
    const next = await signIn(t.app, uniqueEmail('spray'), 'wrong-password', address);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual(limited);
  });

  it('limits sign-up per email too', async () => {
    const email = uniqueEmail('signup');
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perEmail + 1; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Signup', email, password: TEST_PASSWORD },
        remoteAddress: uniqueRemoteAddress(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, ...Array<number>(SIGN_IN_LIMITS.perEmail - 1).fill(422), 429]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn(
    'Skipping the cross-process rate-limit test: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run it.',
  );
}

describe("Better Auth's own limiter (the second line)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it(`allows ${SOCIAL_LIMIT} sign-in starts a minute from one address, then answers 429 with Retry-After`, async () => {
    const address = uniqueRemoteAddress();
    for (let attempt = 1; attempt <= SOCIAL_LIMIT; attempt += 1)
      expect((await startSocialSignIn(t.app, address)).statusCode).not.toBe(429);
    const over = await startSocialSignIn(t.app, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await startSocialSignIn(t.app, uniqueRemoteAddress())).statusCode).not.toBe(429);
  });

  it(`never limits session reads (every page load makes one), and allows ${AUTH_RATE_LIMIT.max} a minute of other calls`, async () => {
    const address = uniqueRemoteAddress();
    const call = (url: string) => t.app.inject({ url, remoteAddress: address });
    for (let read = 1; read <= AUTH_RATE_LIMIT.max + 50; read += 1)
      expect((await call('/api/auth/get-session')).statusCode).toBe(200);
    for (let other = 1; other <= AUTH_RATE_LIMIT.max; other += 1)
      expect((await call('/api/auth/list-accounts')).statusCode).not.toBe(429);
    expect((await call('/api/auth/list-accounts')).statusCode).toBe(429);
  });
});

describe.skipIf(!redisUrl)('sign-in limits across two processes sharing Redis (TEST_REDIS_URL)', () => {
  const apps: TestApp[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const shared = await createTestDatabase();
    drop = shared.drop;
    // Both "processes" share the database, the Redis server and the key prefix (unique to this run).
    const config = { redisUrl, redisKeyPrefix: `partsforge-test-${randomBytes(6).toString('hex')}:` };
    apps.push(await buildTestApp({ database: shared.database, config }));
    apps.push(await buildTestApp({ database: shared.database, config }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
  });

  it('counts wrong passwords sent to either process against one limit', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const { user } = await signUpAndGetToken(first.app, { email: uniqueEmail('shared'), name: 'Shared' });
    const address = uniqueRemoteAddress();
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perEmail; attempt += 1) {
      const app = attempt % 2 ? first.app : second.app;
      expect((await signIn(app, user.email, `wrong-${attempt}`, address)).statusCode).toBe(401);
    }
    for (const app of [first.app, second.app]) {
      const response = await signIn(app, user.email, 'wrong-again', address);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual(limited);
    }
  });

  it("counts Better Auth's own limit across both processes", async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const address = uniqueRemoteAddress();
    for (let attempt = 1; attempt <= SOCIAL_LIMIT; attempt += 1)
      expect((await startSocialSignIn(attempt % 2 ? first.app : second.app, address)).statusCode).not.toBe(
        429,
      );
    expect((await startSocialSignIn(first.app, address)).statusCode).toBe(429);
    expect((await startSocialSignIn(second.app, address)).statusCode).toBe(429);
  });
});
