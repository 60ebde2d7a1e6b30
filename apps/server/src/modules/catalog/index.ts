/**
 * The catalogue module's public face (docs/design.md "Layout"): what other modules and the app may use.
 * Everything else in this folder is internal to it.
 */
export { catalogAdminRoutes } from './catalog-admin-routes.js';
export { catalogCsvRoutes } from './catalog-csv-routes.js';
export type { CatalogChanges } from './catalog-cache.js';
export { catalogPlugin, type CatalogReads } from './catalog-reads.js';
export { buildPageMarks } from './catalog-repository.js';
export { catalogRoutes } from './catalog-routes.js';
export { findPartWeights } from './part-weights.js';
export { chainEndJson, parseChainEnd, type SupersessionEnd } from './supersession.js';
