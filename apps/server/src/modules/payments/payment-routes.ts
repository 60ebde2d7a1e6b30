/**
 * Payment provider calls (docs/design.md "Payments"): GET /payments/config (which card form the page loads);
 * with the sandbox provider, POST /payments/sandbox/confirm (the sandbox's card form posts here the way
 * Stripe.js confirms against Stripe; the client secret is the capability, as with Stripe), where the shop learns of
 * the payment as Stripe's webhook tells it: the order is marked paid then, or, when it is no longer payable
 * (cancelled, expired), the payment is refunded at once (docs/decisions/012); and
 * POST /webhooks/stripe (Stripe's events, signature checked on the raw body, de-duplicated by event id;
 * 404 unless the stripe provider is configured).
 */
import {
  apiErrorSchema,
  paymentsConfigSchema,
  sandboxConfirmResponseSchema,
  sandboxConfirmSchema,
} from '@partsforge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { SandboxProvider } from './sandbox-provider.js';
import type { StripeProvider } from './stripe-provider.js';

/** Registers the payment routes (mounted under /api). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app;

  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payment provider of this shop',
        response: { 200: paymentsConfigSchema },
      },
    },
    async () => ({ provider: payments.name, publishableKey: payments.publishableKey }),
  );

  if (payments.name === 'sandbox') {
    const sandbox = payments as SandboxProvider;
    app.post(
      '/payments/sandbox/confirm',
      {
        schema: {
          tags: ['payments'],
          summary: 'Confirm a sandbox payment with a test card',
          description:
            "Stripe's test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (402), 4000 0000 0000 9995 has insufficient funds (402). A succeeded payment is applied at once, as a provider event: the order is marked paid and invoiced, or, when it is no longer payable, the payment is refunded and the refund recorded on the order.",
          body: sandboxConfirmSchema,
          response: {
            200: sandboxConfirmResponseSchema,
            400: apiErrorSchema,
            402: apiErrorSchema,
            404: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
        // Card testing is limited per address, except in load tests (WRITE_LIMITS=false).
        ...(app.writeLimitsOn ? { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } } : {}),
      },
      async (request) => {
        const intent = await sandbox.confirm(request.body);
        // The sandbox's own "webhook": applied once per intent (a repeated confirmation is a replayed event).
        await app.orders.applyPaymentEvent('sandbox', {
          id: `${intent.id}.succeeded`,
          type: 'payment_intent.succeeded',
          intent,
          payload: { paymentIntent: intent.id },
        });
        return { paymentIntent: { id: intent.id, status: 'succeeded' as const } };
      },
    );
  }

  await app.register(async (webhooks) => {
    // Stripe signs the exact bytes it sent: keep this route's JSON body raw (a Buffer).
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    const { orders } = app;

    webhooks.post(
      '/webhooks/stripe',
      {
        schema: {
          tags: ['payments'],
          summary: "Stripe's webhook",
          description:
            'Verifies the Stripe-Signature header on the raw body (400 otherwise). payment_intent.succeeded marks the order paid when the amount matches; a replayed event id changes nothing.',
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: {
            200: z.object({ received: z.boolean(), duplicate: z.boolean() }),
            400: apiErrorSchema,
            404: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request) => {
        if (payments.name !== 'stripe') throw new NotFoundError();
        const signature = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string' || !signature)
          throw new HttpError(400, 'Missing Stripe signature');
        let event;
        try {
          event = (payments as StripeProvider).verifyWebhook(request.body, signature);
        } catch (error) {
          request.log.warn({ err: error }, 'Stripe webhook with a bad signature');
          throw new HttpError(400, 'Invalid Stripe signature');
        }
        const { duplicate } = await orders.applyPaymentEvent('stripe', event);
        return { received: true, duplicate };
      },
    );
  });
};
