/**
 * What the logs carry and never carry (docs/operations.md "Metrics and logs"): a customer's whole journey (sign up,
 * sign in, an order, the sandbox card, a password reset asked for and used) with the app logging at debug into a
 * buffer, through the logger main.ts uses. The request lines carry the request id, route, status, duration and the
 * signed-in user; the password, the access token, the session cookie, the card number and the reset token appear
 * nowhere, not even from a route that logs its whole request.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboundEmails } from '../db/schema/index.js';
import { createLogger } from '../lib/logger.js';
import { bearer, cookieHeader, getAccessToken, uniqueEmail, uniqueRemoteAddress } from './auth.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { catalogFixture } from './catalog-fixture.js';
import { insertPart } from './orders.js';

const CARD_NUMBER = '4242424242424242';
let logText = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logText += chunk.toString();
    callback();
  },
});
const lines = () =>
  logText
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'partsforge-logs-'));
  t = await buildTestApp({
    seed: catalogFixture,
    logger: createLogger('debug', logStream),
    // The delivery worker runs, so delivering the reset mail is logged too.
    config: { jobWorkers: true, dataDir },
  });
  // A careless route that logs everything it was sent.
  t.app.post('/api/test/log-everything', async (request) => {
    request.log.info(
      { req: { headers: request.headers }, headers: request.headers, body: request.body },
      'a careless route logged its request',
    );
    return { ok: true };
  });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('logs a whole journey with request ids, routes and users, and no credential or card number', async () => {
  const email = uniqueEmail('logan');
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const newPassword = `New-${randomBytes(8).toString('hex')}`;
  const remoteAddress = uniqueRemoteAddress();

  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: 'Logan Ledger', email, password },
    remoteAddress,
  });
  expect(signUp.statusCode).toBe(200);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress,
  });
  expect(signIn.statusCode).toBe(200);
  const cookie = cookieHeader(signIn);
  const cookieValues = [...signUp.cookies, ...signIn.cookies].map(({ value }) => value).filter(Boolean);
  expect(cookieValues.length).toBeGreaterThan(0);
  const token = await getAccessToken(t.app, email, cookie);
  const headers = { ...bearer(token), cookie };

  const partId = await insertPart(t.database.db);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...headers, 'x-request-id': 'journey-order.1' },
    payload: { productId: partId, quantity: 2, address: '1 Depot Road, Springfield', phone: '555-0100' },
  });
  expect(placed.statusCode).toBe(201);
  expect(placed.headers['x-request-id']).toBe('journey-order.1');
  const orderId = placed.json<{ insertedId: string }>().insertedId;
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers,
    payload: { orderId },
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { clientSecret, cardNumber: CARD_NUMBER, expiry: '12/40', cvc: '123' },
  });
  expect(confirmed.statusCode).toBe(200);
  const transactionId = confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers,
    payload: { transactionId },
  });
  expect(paid.statusCode).toBe(200);

  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress,
  });
  expect(asked.statusCode).toBe(200);
  const [resetMail] = await t.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.to, email))
    .then((rows) => rows.filter((row) => row.kind === 'reset-password'));
  const resetToken = /token=([^\s&"<]+)/.exec(resetMail!.text)![1]!;
  await t.app.mailDelivery!.drain();
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: decodeURIComponent(resetToken), newPassword },
    remoteAddress,
  });
  expect(reset.statusCode).toBe(200);
  const careless = await t.app.inject({
    method: 'POST',
    url: '/api/test/log-everything',
    headers: { ...headers, 'x-request-id': 'bad id with spaces' },
    payload: { password, token, cardNumber: CARD_NUMBER, newPassword },
  });
  expect(careless.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

  // Nothing secret, anywhere in the log.
  const secrets = {
    password,
    newPassword,
    token,
    card: CARD_NUMBER,
    resetToken: decodeURIComponent(resetToken),
    ...Object.fromEntries(cookieValues.map((value, index) => [`cookie${index}`, value])),
  };
  for (const [what, secret] of Object.entries(secrets)) expect(logText.includes(secret), what).toBe(false);
  expect(logText).not.toContain('4242 4242 4242 4242');

  // What the lines do carry.
  const logged = lines();
  const order = logged.find((line) => line.msg === 'request completed' && line.reqId === 'journey-order.1');
  expect(order).toMatchObject({
    route: '/api/order',
    res: { statusCode: 201 },
    userId: expect.any(String),
    responseTime: expect.any(Number),
    req: { method: 'POST', url: '/api/order' },
  });
  const carelessLine = logged.find((line) => line.msg === 'a careless route logged its request');
  expect(carelessLine).toMatchObject({
    reqId: careless.headers['x-request-id'],
    headers: { authorization: '[Redacted]', cookie: '[Redacted]' },
    body: { password: '[Redacted]', token: '[Redacted]', cardNumber: '[Redacted]' },
  });
  expect(logged.some((line) => line.msg === 'email delivered')).toBe(true);
});

it('redacts tokens in logged URLs', async () => {
  logText = '';
  const secret = randomBytes(12).toString('hex');
  await t.app.inject({ url: `/api/auth/verify-email?token=${secret}&callbackURL=%2F` });
  await t.app.inject({ url: `/api/auth/reset-password/${secret}?callbackURL=%2F` });
  expect(logText).not.toContain(secret);
  expect(lines().map((line) => (line.req as { url?: string } | undefined)?.url)).toContain(
    '/api/auth/verify-email?token=[Redacted]&callbackURL=%2F',
  );
});
