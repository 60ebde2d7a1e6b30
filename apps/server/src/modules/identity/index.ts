/**
 * The identity module's public face (docs/design.md "Layout"): what other modules, the app, the CLI and the
 * test helpers may use. Everything else in this folder is internal to it.
 */
export { ACCESS_TOKEN_TTL_SECONDS, AccessTokenError, createAccessTokens } from './access-token.js';
export {
  assertSelfOrAdmin,
  requireAdmin,
  requireNormalUser,
  requireSignedIn,
  type AuthUser,
} from './auth-guards.js';
export { AUTH_SECRET_FILE } from './auth-secret.js';
export { authRoutes } from './auth-routes.js';
export { identityPlugin, type Identity } from './identity-plugin.js';
export { userAdminRoutes } from './user-admin-routes.js';
export { createUserRepository, type OrderTotalsReader, type UserOrderTotals } from './user-repository.js';
export { userRoutes } from './user-routes.js';
