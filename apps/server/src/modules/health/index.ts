/** The health module's public face (docs/design.md "Layout"). */
export { healthRoutes } from './health-routes.js';
