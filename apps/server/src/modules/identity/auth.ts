/**
 * Better Auth, the identity library (DESIGN.md "Stack" and item 9): email + password sign-up and sign-in with
 * passwords hashed by the library (scrypt), Google sign-in through OpenID Connect discovery, and sessions in
 * an httpOnly cookie, all stored through its Drizzle adapter in our own tables (db/schema/identity.ts).
 * Its routes are served under /api/auth by auth-routes.ts; its own rate limiter is off because Fastify's
 * (sign-in-rate-limit.ts) covers every process through Redis.
 */
import { normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@partsforge/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { AppDatabase } from '../../db/connect.js';
import { accounts, sessions, users, verifications } from '../../db/schema/index.js';

/** Provider id of Google sign-in: its callback is `/api/auth/callback/google`. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Where Better Auth's routes are mounted. */
export const AUTH_BASE_PATH = '/api/auth';

/** Header carrying Fastify's view of the client IP to Better Auth (set by auth-routes.ts, never the client's). */
export const CLIENT_IP_HEADER = 'x-partsforge-client-ip';

export interface CreateAuthOptions {
  config: Pick<Config, 'shopName' | 'adminEmails' | 'google' | 'publicUrl'>;
  db: AppDatabase;
  secret: string;
  logger: FastifyBaseLogger;
}

/** Builds the Better Auth instance. Google is enabled only when `config.google` is set. */
export function createAuth({ config, db, secret, logger }: CreateAuthOptions) {
  const adminEmails = new Set(config.adminEmails.map(normalizeEmail));
  return betterAuth({
    appName: config.shopName,
    secret,
    basePath: AUTH_BASE_PATH,
    // Unset: each request's own origin (auth-routes.ts builds it from Fastify's trusted protocol and host).
    ...(config.publicUrl ? { baseURL: config.publicUrl } : {}),
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    user: {
      // Never settable by the client (input: false): only ADMIN_EMAILS, the CLI and admins grant 'admin'.
      additionalFields: { role: { type: 'string', required: false, defaultValue: 'user', input: false } },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) =>
            adminEmails.has(normalizeEmail(user.email)) ? { data: { ...user, role: 'admin' } } : undefined,
        },
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                name: 'Google',
                discoveryUrl: config.google.discoveryUrl,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                requireIdTokenVerification: true,
              },
            ],
          }),
        ]
      : [],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: 'partsforge',
      useSecureCookies: config.publicUrl?.startsWith('https://') ?? false,
      // Fastify already resolved X-Forwarded-* (TRUST_PROXY) into the request URL auth-routes.ts builds.
      trustedProxyHeaders: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) =>
        // Without PUBLIC_URL the request's own origin is the base URL on purpose (decision 004).
        logger[!config.publicUrl && message.includes('Base URL is not set') ? 'debug' : level](
          { betterAuth: args },
          message,
        ),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
