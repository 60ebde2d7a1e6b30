/**
 * Paying an order with the sandbox provider, as the payment page does it (docs/requirements.md §4, §7, §8; docs/design.md
 * item 3 and "Payments"): create-payment-intent -> sandbox confirm with a test card -> PATCH /order/{id}.
 * An order becomes paid only when the provider confirms a succeeded payment of that order and amount.
 */
import { messages } from '@partsforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndGetToken, uniqueEmail, type TestUser } from '../../test/auth.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertPart, placeOrderFor } from '../../test/orders.js';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [ann, bob, admin] = await Promise.all([
    signUpAndGetToken(t.app, { email: uniqueEmail('ann'), name: 'Ann Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('bob'), name: 'Bob Buyer' }),
    signUpAndGetToken(t.app, { email: uniqueEmail('admin'), name: 'Admin', role: 'admin' }),
  ]);
});
afterAll(() => t.close());

async function newOrder(customer = ann, quantity = 4): Promise<string> {
  return placeOrderFor(t.app, customer, await insertPart(t.database.db, { priceCents: 1250 }), quantity);
}

async function clientSecretOf(orderId: string, customer = ann): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.headers,
    payload: { orderId, totalPrice: 0.5 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ clientSecret: string }>().clientSecret;
}

const card = (clientSecret: string, cardNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: {
      clientSecret,
      cardNumber,
      expiry: '12/40',
      cvc: '123',
      billingName: 'Ann Buyer',
      billingEmail: ann.user.email,
    },
  });

const markPaid = (orderId: string, transactionId: string, customer = ann) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: customer.headers,
    payload: { transactionId, parts: {} },
  });

const orderAs = async (orderId: string, customer = ann) =>
  (await t.app.inject({ url: `/api/order/${orderId}`, headers: customer.headers })).json();

describe('GET /api/payments/config', () => {
  it('names the sandbox provider, with no publishable key', async () => {
    const response = await t.app.inject({ url: '/api/payments/config' });
    expect(response.json()).toEqual({ provider: 'sandbox', publishableKey: null });
  });

  it('has no Stripe webhook and keeps Stripe out of the Content-Security-Policy', async () => {
    const webhook = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} });
    expect(webhook.statusCode).toBe(404);
    const csp = String((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).not.toContain('stripe');
  });
});

describe('paying an order', () => {
  it('pays with 4242 4242 4242 4242 when the card is confirmed: the order shows Paid with the transaction id; replays change nothing', async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretOf(orderId);
    expect(clientSecret).toMatch(/^sandbox_pi_[0-9a-f]+_secret_[0-9a-f]+$/);
    // Same order, same amount: the same intent (idempotency key), never a second charge.
    expect(await clientSecretOf(orderId)).toBe(clientSecret);

    const confirmed = await card(clientSecret, '4242 4242 4242 4242');
    expect(confirmed.statusCode).toBe(200);
    const transactionId = confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
    // The shop learnt of the payment from the confirmation itself (as from Stripe's webhook): paid already.
    expect(await orderAs(orderId)).toMatchObject({ paid: true, status: 'pending', transactionId });

    const paid = await markPaid(orderId, transactionId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ modifiedCount: 0 });
    const list = await t.app.inject({ url: '/api/order', headers: ann.headers });
    expect(list.json().find((row: { _id: string }) => row._id === orderId)).toMatchObject({
      paid: true,
      transactionId,
    });

    expect((await markPaid(orderId, transactionId)).json()).toEqual({ modifiedCount: 0 });
    expect((await card(clientSecret, '4242424242424242')).statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: ann.headers,
    });
    expect(cancel.statusCode).toBe(409);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: ann.headers,
      payload: { orderId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.payment.alreadyPaid });
  });

  it('declines 4000 0000 0000 0002 with the provider message and leaves the order unpaid', async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretOf(orderId);
    const declined = await card(clientSecret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
    const poor = await card(clientSecret, '4000000000009995');
    expect(poor.json()).toMatchObject({ message: messages.payment.insufficientFunds });
    const intentId = clientSecret.split('_secret_')[0]!;
    expect((await markPaid(orderId, intentId)).statusCode).toBe(409);
    expect(await orderAs(orderId)).toMatchObject({ paid: false, status: 'unpaid', transactionId: null });
    // The same intent can still succeed with another card.
    expect((await card(clientSecret, '4242424242424242')).statusCode).toBe(200);
    expect(await orderAs(orderId)).toMatchObject({ paid: true, transactionId: intentId });
    expect((await markPaid(orderId, intentId)).json()).toEqual({ modifiedCount: 0 });
  });

  it('refuses an invented transaction id, another order’s payment and a payment of a different amount', async () => {
    const orderId = await newOrder();
    const invented = await markPaid(orderId, 'sandbox_pi_0000000000000000deadbeef');
    expect(invented.statusCode).toBe(409);
    expect(invented.json()).toMatchObject({ message: messages.payment.notConfirmed });

    const otherOrder = await newOrder(ann, 2);
    const otherSecret = await clientSecretOf(otherOrder);
    await card(otherSecret, '4242424242424242');
    const borrowed = await markPaid(orderId, otherSecret.split('_secret_')[0]!);
    expect(borrowed.statusCode).toBe(409);

    // A succeeded payment for this very order, but of a smaller amount.
    const cheap = await t.app.payments.createPaymentIntent({
      orderId,
      amountCents: 100,
      currency: 'usd',
      idempotencyKey: `test-cheap-${orderId}`,
    });
    await card(cheap.clientSecret, '4242424242424242');
    expect((await markPaid(orderId, cheap.id)).statusCode).toBe(409);
    expect(await orderAs(orderId)).toMatchObject({ paid: false, status: 'unpaid' });
  });

  it('lets only the owner pay: other customers get 403, unknown secrets 404', async () => {
    const orderId = await newOrder();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bob.headers,
      payload: { orderId },
    });
    expect(other.statusCode).toBe(403);
    const clientSecret = await clientSecretOf(orderId);
    await card(clientSecret, '4242424242424242');
    expect((await markPaid(orderId, clientSecret.split('_secret_')[0]!, bob)).statusCode).toBe(403);
    expect((await card('sandbox_pi_x_secret_y', '4242424242424242')).statusCode).toBe(404);
  });
});

describe('shipping a paid order', () => {
  it('moves pending -> shipped once, stored on the server', async () => {
    const orderId = await newOrder(bob);
    const clientSecret = await clientSecretOf(orderId, bob);
    await card(clientSecret, '4242424242424242');
    await markPaid(orderId, clientSecret.split('_secret_')[0]!, bob);

    const ship = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/order/${orderId}/status`,
        headers: admin.headers,
        payload: { status: 'shipped' },
      });
    const shipped = await ship();
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ _id: orderId, status: 'shipped', paid: true });
    expect((await ship()).statusCode).toBe(409);
    expect(await orderAs(orderId, admin)).toMatchObject({ status: 'shipped' });
    const invalid = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/${orderId}/status`,
      headers: admin.headers,
      payload: { status: 'unpaid' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});
