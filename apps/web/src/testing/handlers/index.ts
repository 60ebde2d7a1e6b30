import { cartHandlers } from './cart';
import { catalogHandlers } from './catalog';
import { signedOutHandlers } from './identity';
import { reviewsHandlers } from './reviews';

/**
 * What every test starts with: a signed-out visitor, email sign-in only, the public catalogue and reviews
 * from the fixtures, and an empty cart for whoever signs in. A test adds or overrides handlers with `server.use(...)` (newest first); any request no
 * handler answers fails the test.
 */
export const defaultHandlers = [
  ...signedOutHandlers,
  ...catalogHandlers,
  ...reviewsHandlers,
  ...cartHandlers,
];
