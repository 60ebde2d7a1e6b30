/**
 * Decorates `app.priceBooks` (price-book.ts): every surface that shows or charges a price asks it for the buyer's
 * book (docs/requirements.md §15). Registered before the routes and the orders plugin that use it.
 */
import fp from 'fastify-plugin';
import { createPriceBooks, type PriceBooks } from './price-book.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Buyers' price books (price-book.ts). */
    priceBooks: PriceBooks;
  }
}

/** Registers `app.priceBooks`. */
export const tradeTermsPlugin = fp(
  async (app) => {
    app.decorate('priceBooks', createPriceBooks(app.database.db));
  },
  { name: 'trade-terms' },
);
