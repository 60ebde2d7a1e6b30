import { adminTradeTermsHandlers } from './admin-trade-terms';
import { cartHandlers } from './cart';
import { catalogHandlers } from './catalog';
import { companiesHandlers } from './companies';
import { creditMemosHandlers } from './credit-memos';
import { inventoryHandlers } from './inventory';
import { signedOutHandlers } from './identity';
import { reviewsHandlers } from './reviews';
import { shippingHandlers } from './shipping';
import { garageHandlers, vehicleHandlers } from './vehicles';

/**
 * What every test starts with: a signed-out visitor, email sign-in only, the public catalogue and reviews
 * from the fixtures, an empty cart and an empty garage for whoever signs in, and the vehicle selector's lists. An admin finds every part's stock history empty; a customer
 * belongs to no company; an admin finds the three starting price levels, no contract prices and empty statements; a checkout's quote
 * offers pickup, ground and next-day (shipping.ts); orders have no credit memos.
 * A test adds or overrides handlers with `server.use(...)` (newest first); any request no
 * handler answers fails the test.
 */
export const defaultHandlers = [
  ...signedOutHandlers,
  ...catalogHandlers,
  ...reviewsHandlers,
  ...cartHandlers,
  ...vehicleHandlers,
  ...garageHandlers,
  ...inventoryHandlers,
  ...companiesHandlers,
  ...adminTradeTermsHandlers,
  ...shippingHandlers,
  ...creditMemosHandlers,
];
