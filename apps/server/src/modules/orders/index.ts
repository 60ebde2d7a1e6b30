/** The orders module's public face (docs/design.md "Layout"): its plugin (app.orders) and its routes. */
export { orderAdminRoutes } from './order-admin-routes.js';
export { orderRoutes } from './order-routes.js';
export { ordersPlugin } from './orders-plugin.js';
