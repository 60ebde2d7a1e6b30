/** The cart module's public face (docs/design.md "Layout"): its plugin (app.cart), routes and storage. */
export { cartPlugin } from './cart-plugin.js';
export { cartRoutes } from './cart-routes.js';
export {
  clearCartSql,
  createCartRepository,
  partListPrices,
  partPriceCents,
  partTermsColumns,
  type PartTerms,
} from './cart-repository.js';
export type { CartService, LineRequest } from './cart-service.js';
