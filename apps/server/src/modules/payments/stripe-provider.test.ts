/**
 * The stripe provider without the network (docs/design.md "Payments"): the SDK is pointed at a local HTTP server
 * standing in for Stripe's API, which records every request; webhook payloads are signed with the SDK's own
 * test-header helper. Asserts what the shop sends (amount in cents, currency, order id, idempotency key) and
 * that an order becomes paid only on a payment Stripe reports as succeeded for that order and amount.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/index.js';
import { invoiceNumberOf } from '../invoices/index.js';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, pickupOnly, placeOrderFor } from '../../test/orders.js';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}

const WEBHOOK_SECRET = 'whsec_test_partsforge';
const requests: RecordedRequest[] = [];
const intents = new Map<string, FakeIntent>();
const byIdempotencyKey = new Map<string, FakeIntent>();
const refunds = new Map<string, { id: string; amount: number; payment_intent: string | null }>();
let fakeStripe: Server;
let t: TestApp;
let ann: TestUser;
let bob: TestUser;

/** Just enough of Stripe's API: PaymentIntents create (honouring Idempotency-Key) and retrieve; Refunds create. */
function startFakeStripe(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const form = new URLSearchParams(body);
      requests.push({ method: request.method ?? '', path, headers: request.headers, form });
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.method === 'POST' && path === '/v1/payment_intents') {
        const key = String(request.headers['idempotency-key'] ?? '');
        const existing = byIdempotencyKey.get(key);
        if (existing) return send(200, existing);
        const id = `pi_fake${intents.size + 1}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          metadata: { orderId: form.get('metadata[orderId]') ?? '' },
        };
        intents.set(id, intent);
        byIdempotencyKey.set(key, intent);
        return send(200, intent);
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        const key = String(request.headers['idempotency-key'] ?? '');
        const refund = refunds.get(key) ?? {
          id: `re_fake${refunds.size + 1}`,
          object: 'refund',
          amount: Number(form.get('amount')),
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
        };
        refunds.set(key, refund);
        return send(200, refund);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      const found = match && request.method === 'GET' ? intents.get(match[1]!) : undefined;
      if (found) return send(200, found);
      return send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
      });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  const { port } = fakeStripe.address() as AddressInfo;
  t = await buildTestApp({
    config: {
      paymentProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_partsforge',
        publishableKey: 'pk_test_partsforge',
        webhookSecret: WEBHOOK_SECRET,
        apiUrl: `http://127.0.0.1:${port}`,
      },
    },
  });
  // Orders here carry no shipping: the amounts are the lines (order-shipping.test.ts has delivery).
  await pickupOnly(t);
  [ann, bob] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Buyer' }),
  ]);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fakeStripe.close(resolve));
});

/** An unpaid order of 4 x $12.50 = 5000 cents by `customer`. */
async function newOrder(customer = ann): Promise<string> {
  return placeOrderFor(t.app, customer, await insertPart(t.database.db, { priceCents: 1250 }), 4);
}

async function clientSecretOf(orderId: string, customer = ann): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.headers,
    payload: { orderId, totalPrice: 1 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ clientSecret: string }>().clientSecret;
}

const markPaid = (orderId: string, transactionId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: ann.headers,
    payload: { transactionId },
  });

const orderOf = async (orderId: string) =>
  (await t.app.inject({ url: `/api/order/${orderId}`, headers: ann.headers })).json();

function signedWebhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const succeededEvent = (eventId: string, intent: FakeIntent) => ({
  id: eventId,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { ...intent, status: 'succeeded' } },
});

describe('stripe provider', () => {
  it('tells the page to load Stripe Elements with the publishable key; the sandbox card route is absent', async () => {
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_partsforge',
    });
    const sandbox = await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: {} });
    expect(sandbox.statusCode).toBe(404);
    // The Content-Security-Policy lets Stripe.js load its script and card frames, and only with this provider.
    const csp = String((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });

  it('creates the intent with the stored amount in cents, USD, the order id and an idempotency key', async () => {
    const orderId = await newOrder();
    const before = requests.length;
    const clientSecret = await clientSecretOf(orderId);
    expect(await clientSecretOf(orderId)).toBe(clientSecret);

    const creates = requests.slice(before).filter((request) => request.path === '/v1/payment_intents');
    expect(creates).toHaveLength(2);
    for (const request of creates) {
      expect(request.method).toBe('POST');
      expect(request.headers.authorization).toBe('Bearer sk_test_partsforge');
      expect(request.headers['idempotency-key']).toBe(`order-${orderId}-amount-5000`);
      expect(request.form.get('amount')).toBe('5000');
      expect(request.form.get('currency')).toBe('usd');
      expect(request.form.get('metadata[orderId]')).toBe(orderId);
    }
    expect(clientSecret).toMatch(/^pi_fake\d+_secret_fake$/);
  });

  it('marks the order paid only once Stripe reports the payment succeeded for that order and amount', async () => {
    const orderId = await newOrder();
    const intentId = (await clientSecretOf(orderId)).split('_secret_')[0]!;
    expect((await markPaid(orderId, intentId)).statusCode).toBe(409);

    expect((await markPaid(orderId, 'pi_invented123')).statusCode).toBe(409);
    const cheap: FakeIntent = {
      ...intents.get(intentId)!,
      id: 'pi_cheap',
      amount: 100,
      status: 'succeeded',
    };
    intents.set(cheap.id, cheap);
    expect((await markPaid(orderId, cheap.id)).statusCode).toBe(409);
    const otherOrder = await newOrder();
    const otherIntent = intents.get((await clientSecretOf(otherOrder)).split('_secret_')[0]!)!;
    otherIntent.status = 'succeeded';
    expect((await markPaid(orderId, otherIntent.id)).statusCode).toBe(409);
    expect(await orderOf(orderId)).toMatchObject({ paid: false, status: 'unpaid' });

    intents.get(intentId)!.status = 'succeeded';
    const before = requests.length;
    const paid = await markPaid(orderId, intentId);
    expect(paid.json()).toEqual({ modifiedCount: 1 });
    expect(requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/payment_intents/${intentId}`,
    ]);
    expect(await orderOf(orderId)).toMatchObject({ paid: true, status: 'pending', transactionId: intentId });
  });

  it('applies a signed payment_intent.succeeded webhook once, however often it is delivered', async () => {
    const orderId = await newOrder();
    const intent = intents.get((await clientSecretOf(orderId)).split('_secret_')[0]!)!;
    const event = succeededEvent(`evt_${orderId}`, intent);

    const deliveries = [];
    for (let i = 0; i < 3; i += 1) deliveries.push(await signedWebhook(event));
    expect(deliveries.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(deliveries.map((response) => response.json().duplicate)).toEqual([false, true, true]);

    expect(await orderOf(orderId)).toMatchObject({ paid: true, status: 'pending', transactionId: intent.id });
    const stored = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, event.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'stripe', orderId, type: 'payment_intent.succeeded' });
    // Paid through the webhook, the order has its invoice (docs/requirements.md §13).
    expect(await invoiceNumberOf(t.database.db, orderId)).toMatch(/^INV-\d{4}-\d{6}$/);
  });

  it('does not pay an order from a webhook of another amount', async () => {
    const orderId = await newOrder();
    const intent = intents.get((await clientSecretOf(orderId)).split('_secret_')[0]!)!;
    const response = await signedWebhook(succeededEvent(`evt_cheap_${orderId}`, { ...intent, amount: 1 }));
    expect(response.statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ paid: false, status: 'unpaid' });
  });

  it('answers a bad or missing signature with 400 and changes nothing', async () => {
    const orderId = await newOrder(bob);
    const intent = intents.get((await clientSecretOf(orderId, bob)).split('_secret_')[0]!)!;
    const event = succeededEvent(`evt_forged_${orderId}`, intent);

    const forged = await signedWebhook(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);

    const order = await t.app.inject({ url: `/api/order/${orderId}`, headers: bob.headers });
    expect(order.json()).toMatchObject({ paid: false, status: 'unpaid' });
    const stored = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, event.id));
    expect(stored).toHaveLength(0);
  });

  it('refunds a payment that succeeds for a cancelled order through the Refunds API, once', async () => {
    const orderId = await newOrder(bob);
    const intent = intents.get((await clientSecretOf(orderId, bob)).split('_secret_')[0]!)!;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: bob.headers }))
        .statusCode,
    ).toBe(200);

    const before = requests.length;
    for (const eventId of [`evt_late_${orderId}`, `evt_late_${orderId}`, `evt_late_again_${orderId}`])
      expect((await signedWebhook(succeededEvent(eventId, intent))).statusCode).toBe(200);
    const refundCalls = requests.slice(before).filter((request) => request.path === '/v1/refunds');
    expect(refundCalls.length).toBeGreaterThan(0);
    expect(refundCalls[0]!.form.get('payment_intent')).toBe(intent.id);
    expect(refundCalls[0]!.form.get('amount')).toBe('5000');
    expect(new Set(refundCalls.map((request) => request.headers['idempotency-key']))).toEqual(
      new Set([`refund-${intent.id}`]),
    );
    expect(refunds.size).toBe(1);
    const order = await t.app.inject({ url: `/api/order/${orderId}`, headers: bob.headers });
    expect(order.json()).toMatchObject({ status: 'cancelled', paid: false, refundedAmount: 50 });
  });
});
