/** The web app module's public face (docs/design.md "Layout"). */
export { loadWebApp, spaRoutes } from './spa-routes.js';
