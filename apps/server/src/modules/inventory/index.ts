/** The inventory module's public face (docs/design.md "Layout"): the admin's stock adjustment and history routes. */
export { inventoryRoutes } from './inventory-routes.js';
