/**
 * The card payment provider behind orders (docs/design.md "Payments"; docs/decisions/008). The order service
 * creates a payment intent for an order's stored amount and, before marking the order paid, asks the provider
 * whether that intent succeeded for that order and amount. Amounts are integer cents.
 */
import type { PaymentProviderName } from '@partsforge/shared';

/** A payment intent as the provider reports it. `status` uses Stripe's names ('succeeded', ...). */
export interface PaymentIntentInfo {
  id: string;
  status: string;
  /** Integer cents. */
  amountCents: number;
  currency: string;
  /** The order the intent was created for (Stripe: metadata.orderId). */
  orderId: string | null;
}

/** What createPaymentIntent needs: the order, its amount in integer cents, and an idempotency key. */
export interface CreatePaymentIntent {
  orderId: string;
  amountCents: number;
  currency: 'usd';
  /** Same key, same intent: derived from order id + amount, so a reload never creates a second charge. */
  idempotencyKey: string;
}

/** One provider: `sandbox` (built in, the default) or `stripe`. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Key the browser's card form needs (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  /** Creates (or, for a repeated idempotency key, returns) an intent. Returns its id and client secret. */
  createPaymentIntent(input: CreatePaymentIntent): Promise<{ id: string; clientSecret: string }>;
  /** The intent with this id, or null when the provider does not know it. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null>;
  /**
   * Refunds `amountCents` of the succeeded intent `paymentIntentId` (Stripe's Refunds API; the sandbox records
   * it). The same idempotency key returns the same refund, so a retry never refunds twice. Returns its id.
   */
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
}

/** The idempotency key of the refund of a payment intent: one refund per intent. */
export function refundIdempotencyKey(paymentIntentId: string): string {
  return `refund-${paymentIntentId}`;
}

/**
 * Largest amount one card payment may take, in cents: Stripe's limit for USD ($999,999.99). A larger order is
 * refused before any provider call, whichever provider runs, so the sandbox behaves as Stripe would.
 */
export const MAX_CARD_PAYMENT_CENTS = 99_999_999;

/** The idempotency key of an order's payment: one intent per order and amount. */
export function paymentIdempotencyKey(orderId: string, amountCents: number): string {
  return `order-${orderId}-amount-${amountCents}`;
}
