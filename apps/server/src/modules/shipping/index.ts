/**
 * The shipping module's public face (docs/design.md "Layout"; docs/requirements.md §16): delivery methods, tax rates
 * by destination and the checkout's quote (the plugin `app.shipping` and the routes), and the quote's rules.
 */
export { shippingPlugin } from './shipping-plugin.js';
export { shippingRoutes } from './shipping-routes.js';
export type { DestinationTax, ShippingService } from './shipping-service.js';
export {
  addBusinessDays,
  estimatedDelivery,
  methodCostCents,
  quoteOptions,
  shipDay,
  shopTime,
  type Method,
  type OfferedMethod,
} from './quote.js';
