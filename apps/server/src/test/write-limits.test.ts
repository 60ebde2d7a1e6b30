/**
 * Per-user limits of writes (plugins/rate-limit.ts WRITE_LIMITS; docs/security.md "Writes are limited"): the
 * call past a user's limit gets 429 with Retry-After and a message saying the limit, other users are not
 * affected, and with Redis (TEST_REDIS_URL) the count is shared by two processes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_LIMITS, type WriteAction } from '../plugins/rate-limit.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from './auth.js';
import { buildTestApp, createTestDatabase, type TestApp } from './build-test-app.js';
import { insertPart } from './orders.js';
import { TINY_PNG } from './uploads.js';

const review = {
  name: 'Ann Lee',
  description: 'Parts arrived in two days.',
  rating: 4,
  img: 'https://example.com/a.png',
};
const profile = { education: 'Trade school', address: '1 Depot Road', city: 'Springfield' };

/** One write of `action` by `user`. */
function write(
  app: FastifyInstance,
  action: WriteAction,
  user: TestUser,
  partId: string,
): Promise<LightMyRequestResponse> {
  switch (action) {
    case 'review':
      return app.inject({ method: 'POST', url: '/api/review', headers: user.headers, payload: review });
    case 'profile':
      return app.inject({
        method: 'PUT',
        url: `/api/profile/${user.user.email}`,
        headers: user.headers,
        payload: profile,
      });
    case 'order':
      return app.inject({
        method: 'POST',
        url: '/api/order',
        headers: user.headers,
        payload: { productId: partId, quantity: 2, address: '1 Depot Road, Springfield', phone: '555-0100' },
      });
    case 'import':
      return app.inject({
        method: 'POST',
        url: '/api/cart/import?dryRun=true',
        headers: user.headers,
        payload: { text: 'NO-SUCH-SKU 2' },
      });
    case 'upload':
      return app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        headers: { ...user.headers, 'content-type': 'image/png' },
        payload: TINY_PNG,
      });
    case 'invitation':
      return inviteSomeone(app, user);
  }
}

/** An invitation of a new address to `user`'s company, made first when the user has none (409 after that). */
async function inviteSomeone(app: FastifyInstance, user: TestUser): Promise<LightMyRequestResponse> {
  await app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: user.headers,
    payload: { name: 'Limit Co' },
  });
  return app.inject({
    method: 'POST',
    url: '/api/companies/mine/invitations',
    headers: user.headers,
    payload: { email: uniqueEmail('invitee'), role: 'buyer' },
  });
}

function expectLimited(response: LightMyRequestResponse, action: WriteAction): void {
  const { max, label } = WRITE_LIMITS[action];
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  const body = response.json<{ message: string; code: string }>();
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.message).toContain(`Too many ${label}: you can make ${max}`);
}

let t: TestApp;
let partId: string;
beforeAll(async () => {
  t = await buildTestApp({ config: { dataDir: await mkdtemp(join(tmpdir(), 'partsforge-limits-')) } });
  partId = await insertPart(t.database.db, { available: 1_000_000 });
});
afterAll(() => t.close());

describe('per-user write limits', () => {
  for (const action of ['review', 'profile', 'order', 'upload', 'invitation'] as const) {
    it(`answers the ${action} past the user's limit with 429, and not another user's`, async () => {
      const role = action === 'upload' ? 'admin' : 'user';
      const [first, second] = await Promise.all(
        ['a', 'b'].map((name) =>
          signUpAndGetToken(t.app, { email: uniqueEmail(`${action}-${name}`), name, role }),
        ),
      );
      for (let call = 1; call <= WRITE_LIMITS[action].max; call += 1) {
        const response = await write(t.app, action, first!, partId);
        expect(response.statusCode, response.body).not.toBe(429);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
      expectLimited(await write(t.app, action, first!, partId), action);
      expect((await write(t.app, action, second!, partId)).statusCode).not.toBe(429);
    });
  }
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(Boolean(redisUrl))('write limits across two processes sharing Redis (TEST_REDIS_URL)', () => {
  const apps: TestApp[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const shared = await createTestDatabase();
    drop = shared.drop;
    // Both "processes" share the database, Redis, the key prefix and the secret that signs access tokens.
    const config = {
      redisUrl,
      redisKeyPrefix: `partsforge-test-${randomBytes(6).toString('hex')}:`,
      authSecret: randomBytes(32).toString('hex'),
    };
    apps.push(await buildTestApp({ database: shared.database, config }));
    apps.push(await buildTestApp({ database: shared.database, config }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
  });

  it('counts reviews sent to either process against one limit', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const user = await signUpAndGetToken(first.app, { email: uniqueEmail('shared-review'), name: 'Shared' });
    for (let call = 1; call <= WRITE_LIMITS.review.max; call += 1) {
      const app = call % 2 ? first.app : second.app;
      expect((await write(app, 'review', user, '')).statusCode).toBe(201);
    }
    expectLimited(await write(first.app, 'review', user, ''), 'review');
    expectLimited(await write(second.app, 'review', user, ''), 'review');
  });
});
