/** The reviews module's public face (docs/design.md "Layout"). */
export { reviewRoutes } from './review-routes.js';
