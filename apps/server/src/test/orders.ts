/**
 * Test helpers for orders: a part of a given stock made directly in the database, and an order placed through
 * the real `POST /api/order` (which reserves stock like a customer's purchase).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../db/connect.js';
import { parts } from '../db/schema/index.js';
import type { TestUser } from './auth.js';
import type { TestApp } from './build-test-app.js';

/** Inserts a part (default: 100 in stock, minimum 2, $12.50) and returns its id. */
export async function insertPart(
  db: AppDatabase,
  {
    available = 100,
    minqty = 2,
    priceCents = 1250,
    name = 'Brake Pad Set',
    packSize = 1,
    priceBreaks = [] as { minQuantity: number; priceCents: number }[],
    sku = `T-${randomBytes(4).toString('hex')}`,
  } = {},
): Promise<string> {
  const [row] = await db
    .insert(parts)
    .values({
      sku,
      name,
      description: `${name} for tests.`,
      available,
      minqty,
      priceCents,
      img: '/images/parts/test.svg',
      packSize,
      breakQuantities: priceBreaks.map((tier) => tier.minQuantity),
      breakPricesCents: priceBreaks.map((tier) => tier.priceCents),
    })
    .returning({ id: parts.id });
  return row!.id;
}

/** The part's stock now. */
export async function stockOf(db: AppDatabase, partId: string): Promise<number> {
  const [row] = await db.select({ available: parts.available }).from(parts).where(eq(parts.id, partId));
  return row!.available;
}

/** `POST /api/order` as `customer` for `quantity` of `partId`; throws unless it answers 201. Returns the order id. */
export async function placeOrderFor(
  app: FastifyInstance,
  customer: TestUser,
  partId: string,
  quantity: number,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: { productId: partId, quantity, address: '1 Depot Road, Springfield', phone: '555-0100' },
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.statusCode} ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

/** `PUT /api/cart/lines/{partId}` as `customer`; throws unless it answers 200. */
export async function putInCart(
  app: FastifyInstance,
  customer: TestUser,
  partId: string,
  quantity: number,
): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/cart/lines/${partId}`,
    headers: customer.headers,
    payload: { quantity },
  });
  if (response.statusCode !== 200) throw new Error(`cart failed: ${response.statusCode} ${response.body}`);
}

/** A fresh part and an unpaid order of its minimum quantity by `customer` (for the access-control matrix). */
export async function placeOrder(t: TestApp, customer: TestUser): Promise<string> {
  const partId = await insertPart(t.database.db);
  return placeOrderFor(t.app, customer, partId, 2);
}

/**
 * Starts paying `orderId` as its payment page does (POST /api/create-payment-intent) and answers `confirm()`, which
 * confirms the sandbox card 4242 4242 4242 4242 (the shop applies the payment then, as from a provider event) and
 * resolves to the payment intent's id (the transaction id). Between the two, a test can make the order unpayable.
 */
export async function startPaymentAtProvider(
  app: FastifyInstance,
  customer: TestUser,
  orderId: string,
): Promise<{ confirm: () => Promise<string> }> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.headers,
    payload: { orderId },
  });
  if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  return {
    async confirm() {
      const confirmed = await app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
      });
      if (confirmed.statusCode !== 200)
        throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
      return confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
    },
  };
}

/** Pays `orderId` with the sandbox's good card (startPaymentAtProvider, then confirm); the transaction id. */
export async function payAtProvider(
  app: FastifyInstance,
  customer: TestUser,
  orderId: string,
): Promise<string> {
  return (await startPaymentAtProvider(app, customer, orderId)).confirm();
}

/** A fresh order by `customer`, paid (status pending): for the admin's shipping calls. */
export async function placePaidOrder(t: TestApp, customer: TestUser): Promise<string> {
  const orderId = await placeOrder(t, customer);
  const transactionId = await payAtProvider(t.app, customer, orderId);
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers: customer.headers,
    payload: { transactionId },
  });
  if (paid.statusCode !== 200) throw new Error(`paying failed: ${paid.statusCode} ${paid.body}`);
  return orderId;
}

/**
 * Leaves `t`'s shop only its counter pickup (docs/requirements.md §16): an order that names no method then carries
 * no shipping (the checkout's default is never a pickup), so tests of prices, holds and limits keep the spec's
 * figures (total = lines + tax). Call before the app quotes anything (the methods are cached for a few seconds).
 */
export async function pickupOnly(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`delete from shipping_methods where kind <> 'pickup'`);
}
