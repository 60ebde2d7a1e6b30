import { catalogHandlers } from './catalog';
import { signedOutHandlers } from './identity';
import { reviewsHandlers } from './reviews';

/**
 * What every test starts with: a signed-out visitor, email sign-in only, and the public catalogue and reviews
 * from the fixtures. A test adds or overrides handlers with `server.use(...)` (newest first); any request no
 * handler answers fails the test.
 */
export const defaultHandlers = [...signedOutHandlers, ...catalogHandlers, ...reviewsHandlers];
