/**
 * The trade terms module's public face (docs/design.md "Layout"; docs/requirements.md §15): price levels, contract
 * prices and company terms, and the buyers' price books every priced surface reads (price-book.ts).
 */
export {
  createPriceBooks,
  discounted,
  netPrices,
  netUnitPriceCents,
  pricePart,
  type ListPrices,
  type PriceBook,
  type PriceBooks,
  type TradeTerms,
} from './price-book.js';
export { findCompanyTerms, lockCompanyTerms } from './terms-reads.js';
export { tradeTermsPlugin } from './trade-terms-plugin.js';
export { tradeTermsAdminRoutes } from './trade-terms-admin-routes.js';
export { tradeTermsCsvRoutes } from './trade-terms-csv-routes.js';
export { companyTermsOf } from './trade-terms-service.js';
export { seedTradeTerms } from './trade-terms-seed.js';
