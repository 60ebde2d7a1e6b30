/** Chooses the configured payment provider (docs/design.md "Payments"; config PAYMENT_PROVIDER, STRIPE_*). */
import type { Config } from '../../config.js';
import type { AppDatabase } from '../../db/connect.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** The provider for `config.paymentProvider`; throws when stripe is chosen without its settings. */
export function createPaymentProvider(
  config: Pick<Config, 'paymentProvider' | 'stripe'>,
  db: AppDatabase,
): PaymentProvider {
  if (config.paymentProvider === 'sandbox') return createSandboxProvider(db);
  if (!config.stripe) throw new Error('the stripe payment provider needs its keys (config.stripe)');
  return createStripeProvider(config.stripe);
}
