/**
 * Decorates `app.shipping` (shipping-service.ts): the delivery methods, tax rates by destination and quotes that
 * the shipping routes and, later, the order path read (docs/requirements.md §16). Registered after the cart plugin.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { createShippingService, type ShippingService } from './shipping-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shipping use cases (shipping-service.ts). */
    shipping: ShippingService;
  }
}

/** Registers `app.shipping`. */
export const shippingPlugin = fp<{ config: Pick<Config, 'shopTimeZone' | 'taxRateBasisPoints'> }>(
  async (app, { config }) => {
    app.decorate(
      'shipping',
      createShippingService(app.database.db, app.cart, {
        timeZone: config.shopTimeZone,
        defaultTaxBasisPoints: config.taxRateBasisPoints,
      }),
    );
  },
  { name: 'shipping', dependencies: ['cart'] },
);
