/**
 * The payments module's public face (docs/design.md "Layout"): what other modules and the app may use.
 * Everything else in this folder is internal to it.
 */
export { createPaymentProvider } from './create-payment-provider.js';
export {
  MAX_CARD_PAYMENT_CENTS,
  paymentIdempotencyKey,
  refundIdempotencyKey,
  type PaymentIntentInfo,
  type PaymentProvider,
} from './payment-provider.js';
export { paymentRoutes } from './payment-routes.js';
