/** The profiles module's public face (docs/design.md "Layout"). */
export { profileRoutes } from './profile-routes.js';
