/**
 * The catalogue module's public face (docs/design.md "Layout"): what other modules and the app may use.
 * Everything else in this folder is internal to it.
 */
export { catalogAdminRoutes } from './catalog-admin-routes.js';
export { createCatalogCache, type CatalogCache, type CatalogChanges } from './catalog-cache.js';
export { listenForCatalogChanges } from './catalog-change-listener.js';
export { catalogRoutes } from './catalog-routes.js';
