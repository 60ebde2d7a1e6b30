/**
 * The built-in `sandbox` payment provider (docs/design.md "Payments"): a test processor with Stripe's documented
 * test-card behaviour, its intents stored in `sandbox_payment_intents` so every process shares them.
 * 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined ("Your card was declined.");
 * 4000 0000 0000 9995 has insufficient funds; any other number is "incorrect"; a past expiry is "expired".
 * Refunds are recorded in `sandbox_refunds`, one per idempotency key, never more in all than the payment.
 */
import { randomBytes } from 'node:crypto';
import { messages, type SandboxConfirmInput } from '@partsforge/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { sandboxPaymentIntents, sandboxRefunds } from '../../db/schema/index.js';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import { refundIdempotencyKey, type PaymentIntentInfo, type PaymentProvider } from './payment-provider.js';

/** 402: the card was refused; `message` is the provider's text, shown as is (docs/requirements.md §8). */
export class CardError extends HttpError {
  constructor(message: string, code: string) {
    super(402, message, code);
    this.name = 'CardError';
  }
}

const TEST_CARDS: Record<string, { message: string; code: string } | null> = {
  '4242424242424242': null,
  '4000000000000002': { message: messages.payment.cardDeclined, code: 'card_declined' },
  '4000000000009995': { message: messages.payment.insufficientFunds, code: 'card_declined' },
};

/** The sandbox provider plus its card confirmation (what Stripe.js does against Stripe). */
export interface SandboxProvider extends PaymentProvider {
  /**
   * Confirms the intent of `clientSecret` with a test card. Returns the succeeded intent; throws CardError (402)
   * with Stripe's message for a refused card, NotFoundError for an unknown client secret. Confirming an intent
   * that already succeeded returns it again.
   */
  confirm(input: SandboxConfirmInput, now?: Date): Promise<PaymentIntentInfo>;
}

function expired(expiry: string, now: Date): boolean {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
  if (!match) return true;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return true;
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** Builds the sandbox provider on `db`. */
export function createSandboxProvider(db: AppDatabase): SandboxProvider {
  return {
    name: 'sandbox',
    publishableKey: null,

    async createPaymentIntent({ orderId, amountCents, currency, idempotencyKey }) {
      const id = `sandbox_pi_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
      await db
        .insert(sandboxPaymentIntents)
        .values({ id, clientSecret, orderId, amountCents, currency, idempotencyKey })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey });
      const [intent] = await db
        .select({ id: sandboxPaymentIntents.id, clientSecret: sandboxPaymentIntents.clientSecret })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey));
      if (!intent) throw new Error('sandbox payment intent vanished after insert');
      return intent;
    },

    async retrievePaymentIntent(id) {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        orderId: row.orderId,
      };
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      // One refund per idempotency key (sandbox_refunds), as Stripe's Refunds API: a retry finds it recorded. The
      // whole-payment refund keeps the id derived from the intent's; partial refunds (credit memos) get their own.
      const [intent] = await db
        .select({ status: sandboxPaymentIntents.status, amountCents: sandboxPaymentIntents.amountCents })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, paymentIntentId));
      const refused = () =>
        new Error(`sandbox cannot refund ${amountCents} cents of payment intent ${paymentIntentId}`);
      if (!intent || intent.status !== 'succeeded') throw refused();
      const recorded = async () => {
        const [row] = await db
          .select({ id: sandboxRefunds.id, paymentIntentId: sandboxRefunds.paymentIntentId })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        return row;
      };
      const before = await recorded();
      if (before) return { id: before.id };
      const [sum] = await db
        .select({ cents: sql<string | number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)` })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, paymentIntentId));
      if (Number(sum?.cents ?? 0) + amountCents > intent.amountCents) throw refused();
      const id =
        idempotencyKey === refundIdempotencyKey(paymentIntentId)
          ? paymentIntentId.replace(/^sandbox_pi_/, 'sandbox_re_')
          : `sandbox_re_${randomBytes(12).toString('hex')}`;
      await db
        .insert(sandboxRefunds)
        .values({ id, paymentIntentId, idempotencyKey, amountCents })
        .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey });
      await db
        .update(sandboxPaymentIntents)
        .set({
          refundedCents: sql`(select sum(${sandboxRefunds.amountCents}) from ${sandboxRefunds}
            where ${sandboxRefunds.paymentIntentId} = ${paymentIntentId})`,
        })
        .where(eq(sandboxPaymentIntents.id, paymentIntentId));
      const after = await recorded();
      if (!after) throw new Error('sandbox refund vanished after insert');
      return { id: after.id };
    },

    async confirm(input, now = new Date()) {
      const [intent] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, input.clientSecret));
      if (!intent) throw new NotFoundError(messages.payment.unknownIntent);
      const succeeded: PaymentIntentInfo = {
        id: intent.id,
        status: 'succeeded',
        amountCents: intent.amountCents,
        currency: intent.currency,
        orderId: intent.orderId,
      };
      if (intent.status === 'succeeded') return succeeded;

      const number = input.cardNumber.replace(/[\s-]/g, '');
      const refusal = !(number in TEST_CARDS)
        ? { message: messages.payment.incorrectNumber, code: 'incorrect_number' }
        : expired(input.expiry, now)
          ? { message: messages.payment.expiredCard, code: 'expired_card' }
          : TEST_CARDS[number];
      await db
        .update(sandboxPaymentIntents)
        .set({
          status: refusal ? 'requires_payment_method' : 'succeeded',
          lastError: refusal?.message ?? null,
          billingName: input.billingName ?? null,
          billingEmail: input.billingEmail ?? null,
        })
        .where(eq(sandboxPaymentIntents.id, intent.id));
      if (refusal) throw new CardError(refusal.message, refusal.code);
      return succeeded;
    },
  };
}
