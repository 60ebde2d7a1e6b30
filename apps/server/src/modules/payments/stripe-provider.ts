/**
 * The `stripe` payment provider (docs/design.md "Payments"): PaymentIntents through the official SDK with an
 * idempotency key per order and amount, and webhook events verified on the raw body with the endpoint secret.
 * Amounts are integer cents, as Stripe counts them for USD. `apiUrl` points the SDK at another host (tests
 * use a local HTTP server standing in for Stripe's API).
 */
import Stripe from 'stripe';
import type { StripeSettings } from '../../config.js';
import type { PaymentIntentInfo, PaymentProvider } from './payment-provider.js';

/** A verified webhook event, reduced to what the shop uses. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  /** The payment intent of `payment_intent.*` events, else null. */
  intent: PaymentIntentInfo | null;
  payload: unknown;
}

/** The Stripe provider plus webhook verification. */
export interface StripeProvider extends PaymentProvider {
  /** Verifies `signature` (the Stripe-Signature header) over the raw body; throws Stripe's signature error. */
  verifyWebhook(rawBody: Buffer, signature: string): StripeWebhookEvent;
}

function toInfo(intent: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
  };
}

/** Builds the provider; no network call happens until an intent is created or read. */
export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createPaymentIntent({ orderId, amountCents, currency, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { orderId },
        },
        { idempotencyKey },
      );
      if (!intent.client_secret)
        throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePaymentIntent(id) {
      if (!/^pi_[A-Za-z0-9_]+$/.test(id)) return null;
      try {
        return toInfo(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents },
        { idempotencyKey },
      );
      return { id: refund.id };
    },

    verifyWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent: object.object === 'payment_intent' ? toInfo(object as Stripe.PaymentIntent) : null,
        payload: event,
      };
    },
  };
}
