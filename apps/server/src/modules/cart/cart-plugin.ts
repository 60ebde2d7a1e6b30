/** The one CartService of the app, decorated as `app.cart` for the cart routes and the order service. */
import fp from 'fastify-plugin';
import { createCartService, type CartService } from './cart-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cart use cases (cart-service.ts). */
    cart: CartService;
  }
}

/** Registers `app.cart`. */
export const cartPlugin = fp(
  async (app) => {
    app.decorate('cart', createCartService(app.database.db, app.priceBooks));
  },
  { name: 'cart', dependencies: ['trade-terms'] },
);
