/**
 * The returns module's public face (docs/design.md "Layout"; docs/requirements.md §17 "Returns"): returns with RMA
 * numbers (the plugin `app.returns` and the routes), and the credit interface the credit-memos module fills.
 */
export { returnsPlugin } from './returns-plugin.js';
export { returnRoutes } from './returns-routes.js';
export type { ReturnCredit, ReturnService } from './returns-service.js';
