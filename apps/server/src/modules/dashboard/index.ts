/** The dashboard module's public face (docs/design.md "Layout"): the admin's dashboard route (docs/requirements.md §13). */
export { dashboardRoutes } from './dashboard-routes.js';
