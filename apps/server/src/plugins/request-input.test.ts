/**
 * Input every route refuses before it runs (plugins/request-input.ts; docs/security.md V1, V2): NUL characters
 * and unpaired surrogates in the body, query or path, JSON nested too deep, and oversized bodies, on the
 * shop's own routes and on Better Auth's behind the `/api/auth/*` catch-all, each as 400 or 413 with
 * `{ message, code }` and no change to the database.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { signUpAndGetToken, uniqueEmail, uniqueRemoteAddress, type TestUser } from '../test/auth.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { MAX_JSON_DEPTH } from './request-input.js';

let t: TestApp;
let customer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  customer = await signUpAndGetToken(t.app, { email: uniqueEmail('input'), name: 'Input Tester' });
});
afterAll(() => t.close());

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: uniqueRemoteAddress(),
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
const userCount = async () => (await t.database.db.select({ value: count() }).from(users))[0]!.value;

describe('text the database cannot store', () => {
  it('refuses a NUL character in a body field, naming the field', async () => {
    const before = await userCount();
    const response = await post(
      '/api/auth/sign-up/email',
      JSON.stringify({ name: 'Nul\u0000Name', email: uniqueEmail('nul'), password: 'long-enough-1' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'body.name contains a character the shop cannot store (a NUL character or broken Unicode).',
      code: 'INVALID_TEXT',
    });
    expect(await userCount()).toBe(before);
  });

  it("refuses a NUL character on Better Auth's own routes (it reached the database as a 500 before)", async () => {
    const response = await post(
      '/api/auth/update-user',
      JSON.stringify({ name: 'x\u0000y' }),
      customer.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('INVALID_TEXT');
    const me = await t.app.inject({ url: `/api/user/${customer.user.email}`, headers: customer.headers });
    expect(me.statusCode).toBe(200);
  });

  it('refuses unpaired surrogates in a body, a query string and a path parameter', async () => {
    const body = await post(
      '/api/review',
      '{"name":"A\\ud800","description":"ok","rating":5}',
      customer.headers,
    );
    expect(body.statusCode).toBe(400);
    expect(body.json<{ code: string }>().code).toBe('INVALID_TEXT');
    const query = await t.app.inject({ url: '/api/review?limit=%ED%A0%80' });
    expect(query.statusCode).toBe(400);
    const path = await t.app.inject({ url: '/api/user/%00', headers: customer.headers });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({
      message: 'params.email contains a character the shop cannot store (a NUL character or broken Unicode).',
      code: 'INVALID_TEXT',
    });
  });

  it('accepts ordinary Unicode: accents, CJK and emoji (surrogate pairs)', async () => {
    const response = await post(
      '/api/auth/sign-up/email',
      JSON.stringify({ name: 'Zoë 李 🚗', email: uniqueEmail('unicode'), password: 'long-enough-1' }),
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('JSON nesting and size', () => {
  const deepArray = '['.repeat(1000) + ']'.repeat(1000);
  const deepObject = '{"a":'.repeat(1000) + '1' + '}'.repeat(1000);

  it.each(['/api/auth/sign-in/email', '/api/auth/update-user', '/api/order', '/api/review'])(
    'answers JSON nested 1,000 deep on %s with 400 JSON_TOO_DEEP',
    async (url) => {
      for (const payload of [deepArray, deepObject]) {
        const response = await post(url, payload, customer.headers);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: `The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`,
          code: 'JSON_TOO_DEEP',
        });
      }
    },
  );

  it('still counts brackets inside strings as text', async () => {
    const response = await post(
      '/api/auth/sign-in/email',
      JSON.stringify({ email: uniqueEmail('brackets'), password: '['.repeat(100) }),
    );
    expect(response.statusCode).not.toBe(400);
  });

  it("answers invalid JSON and an oversized body on Better Auth's catch-all with { message, code }", async () => {
    const invalid = await post('/api/auth/update-user', '{"name":', customer.headers);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: expect.any(String), code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    const oversized = await post(
      '/api/auth/update-user',
      JSON.stringify({ name: 'n'.repeat(2 * 1024 * 1024) }),
      customer.headers,
    );
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });
});
