/**
 * Orders placed over the API for journeys that start after the purchase (docs/requirements.md §16, §17): the cart
 * checked out to an Illinois address and paid with the sandbox's test card, as the Payment page would.
 */
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Checks out the cart of the buyer whose bearer header is `auth` and pays it by card in the sandbox; resolves once
 * the order is `pending` (paid, ready to ship). Returns its `_id` and `number`.
 */
export async function checkoutPaidByCard(
  request: APIRequestContext,
  auth: { authorization: string },
): Promise<{ _id: string; number: string }> {
  const placed = await request.post('/api/checkout', {
    headers: auth,
    data: { address: '9 Yard Lane, Springfield', country: 'US', region: 'IL', postalCode: '62701' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { _id: string; number: string };
  const intent = await request.post('/api/create-payment-intent', {
    headers: auth,
    data: { orderId: order._id },
  });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await request.post('/api/payments/sandbox/confirm', {
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  expect(confirmed.status()).toBe(200);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/order/${order._id}`, { headers: auth })).json()) as {
            status: string;
          }
        ).status,
    )
    .toBe('pending');
  return order;
}
