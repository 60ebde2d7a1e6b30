/**
 * Identity for the whole app (docs/decisions/004-access-tokens-and-sessions.md): the Better Auth instance, the access-token signer and the user
 * repository, decorated as `app.identity` for the guards and routes; `request.user` for the guards to fill.
 * At start it grants the admin role to existing users listed in ADMIN_EMAILS whose email is verified
 * (docs/design.md item 10; docs/requirements.md §13).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { createAccessTokens, type AccessTokens } from './access-token.js';
import { createAuth, type Auth } from './auth.js';
import { resolveAuthSecret } from './auth-secret.js';
import type { AuthUser } from './auth-guards.js';
import { createIdentityMails } from './identity-mails.js';
import { createUserRepository, type OrderTotalsReader, type UserRepository } from './user-repository.js';

export interface Identity {
  /** Better Auth: sessions, sign-up, sign-in, Google. */
  auth: Auth;
  /** Issues and verifies the spec's short-lived access tokens. */
  accessTokens: AccessTokens;
  users: UserRepository;
  /** Whether Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  googleEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
  interface FastifyRequest {
    /** The caller, set by the guards of auth-guards.ts (null on routes without a guard). */
    user: AuthUser;
  }
}

export interface IdentityPluginOptions {
  config: Config;
  /** The orders module's `orderTotalsByUser`, for the users list (identity cannot import orders). */
  orderTotals: OrderTotalsReader;
}

/** Registers app.identity and request.user; waits for Better Auth to initialise (Google discovery included). */
export const identityPlugin = fp<IdentityPluginOptions>(
  async (app, { config, orderTotals }) => {
    const secret = resolveAuthSecret(config);
    const users = createUserRepository(app.database.db, orderTotals);
    const mails = createIdentityMails({
      db: app.database.db,
      mail: app.mail,
      shopName: config.shopName,
      logger: app.log,
    });
    const auth = createAuth({
      config,
      db: app.database.db,
      secret,
      logger: app.log,
      redis: app.redis,
      mails,
      users,
    });
    app.decorate<Identity>('identity', {
      auth,
      accessTokens: createAccessTokens(secret),
      users,
      googleEnabled: config.google !== undefined,
    });
    app.decorateRequest('user', null as unknown as AuthUser);
    await auth.$context;
    const granted = await users.grantAdmin(config.adminEmails);
    if (granted > 0) app.log.info({ granted }, 'admin role granted to verified users listed in ADMIN_EMAILS');
  },
  { name: 'identity', dependencies: ['redis', 'mail'] },
);
