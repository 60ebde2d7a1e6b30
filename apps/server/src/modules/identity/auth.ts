/**
 * Better Auth, the identity library (docs/design.md "Stack" and item 9): email + password sign-up and sign-in with
 * passwords hashed by the library (scrypt), Google sign-in through OpenID Connect discovery, and sessions in
 * an httpOnly cookie, all stored through its Drizzle adapter in our own tables (db/schema/identity.ts).
 * Its routes are served under /api/auth by auth-routes.ts, which lets through only the endpoints the shop uses
 * (AUTH_ENDPOINTS). Its own rate limiter is on as a second line behind Fastify's (sign-in-rate-limit.ts), with
 * its counters in Redis when there is one (docs/decisions/011-auth-paths-limits-and-token-revocation.md).
 * Email verification and password reset (docs/requirements.md §13, Email) send their mails through
 * identity-mails.ts: a verification link at sign-up (valid VERIFY_EMAIL_TOKEN_SECONDS), a reset link that works
 * once for RESET_PASSWORD_TOKEN_SECONDS, and a reset signs out every session of the account (so its access
 * tokens end too). An address in ADMIN_EMAILS is made admin only once it is verified.
 */
import { normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@partsforge/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { AppDatabase } from '../../db/connect.js';
import { accounts, sessions, users, verifications } from '../../db/schema/index.js';
import type { IdentityMails } from './identity-mails.js';
import type { UserRepository } from './user-repository.js';

/** Provider id of Google sign-in: its callback is `/api/auth/callback/google`. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Where Better Auth's routes are mounted. */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * The Better Auth endpoints the shop uses through the catch-all, as `METHOD /path` under AUTH_BASE_PATH: the web
 * app's session, sign-out and Google sign-in, Google's callback, the error page Better Auth redirects to, and
 * the list of a user's own linked accounts. Email sign-in and sign-up, the password reset
 * (`POST /request-password-reset`, `POST /reset-password`) and email verification (`GET /verify-email`,
 * `POST /send-verification-email`) are declared routes of their own in auth-routes.ts, with body schemas and
 * limits. Any other path under /api/auth, and any other spelling of these (dot segments, percent-encoding,
 * double or trailing slashes), is 404 (docs/security.md V4).
 */
export const AUTH_ENDPOINTS: ReadonlySet<string> = new Set([
  'GET /get-session',
  'POST /sign-out',
  'POST /sign-in/social',
  `GET /callback/${GOOGLE_PROVIDER_ID}`,
  'GET /error',
  'GET /list-accounts',
]);

/**
 * Better Auth endpoints switched off in the library too, so no route can reach them. The password reset and
 * email verification endpoints are on: only their declared routes (auth-routes.ts) reach them.
 */
const DISABLED_PATHS = [
  '/update-user',
  '/delete-user',
  '/change-email',
  '/change-password',
  '/set-password',
  '/forget-password',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/list-sessions',
  '/link-social',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
];

/**
 * Better Auth's rate limiter, per client IP: 30 a minute on each sign-in, sign-up, password-reset and
 * email-verification endpoint (as generous as the first line, because many buyers of one company share an
 * address) and 600 a minute on the others, except the session read, which every page load makes and which
 * reveals nothing to guess.
 */
export const AUTH_RATE_LIMIT = {
  window: 60,
  max: 600,
  customRules: {
    // Replace the library's defaults of 3 per 10 seconds on every sign-in and sign-up path and 3 a minute on
    // the mail-sending ones; the first line (sign-in-rate-limit.ts) also counts per email address.
    '/sign-in/*': { window: 60, max: 30 },
    '/sign-up/*': { window: 60, max: 30 },
    '/request-password-reset': { window: 60, max: 30 },
    '/reset-password': { window: 60, max: 30 },
    '/send-verification-email': { window: 60, max: 30 },
    '/verify-email': { window: 60, max: 30 },
    '/get-session': false,
  },
} as const;

/** Lifetime of a password-reset link: one hour (docs/requirements.md §13). */
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;

/** Lifetime of an email-verification link: 24 hours. */
export const VERIFY_EMAIL_TOKEN_SECONDS = 24 * 60 * 60;

/**
 * Better Auth's rate-limit storage in Redis, shared by every process: one counter per key and window, created
 * with its expiry and then incremented, so concurrent requests cannot slip past a stale read.
 */
function redisRateLimitStorage(redis: Redis, prefix: string) {
  return {
    consume: async (key: string, { window, max }: { window: number; max: number }) => {
      const redisKey = `${prefix}auth-rate-limit:${key}`;
      const [, [, count]] = (await redis
        .multi()
        .set(redisKey, 0, 'EX', window, 'NX')
        .incr(redisKey)
        .exec()) as [[Error | null, unknown], [Error | null, number]];
      if (count <= max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, await redis.ttl(redisKey)) };
    },
  };
}

/** Header carrying Fastify's view of the client IP to Better Auth (set by auth-routes.ts, never the client's). */
export const CLIENT_IP_HEADER = 'x-partsforge-client-ip';

export interface CreateAuthOptions {
  config: Pick<Config, 'shopName' | 'adminEmails' | 'google' | 'publicUrl' | 'redisKeyPrefix'>;
  /** Where the rate limiter counts when several processes serve the shop; in memory without it. */
  redis?: Redis | undefined;
  db: AppDatabase;
  secret: string;
  logger: FastifyBaseLogger;
  /** Queues the verification and reset mails. */
  mails: IdentityMails;
  /** Grants admin to the verified users among the emails given (user-repository.ts). */
  users: Pick<UserRepository, 'grantAdmin'>;
}

/** Builds the Better Auth instance. Google is enabled only when `config.google` is set. */
export function createAuth({
  config,
  db,
  secret,
  logger,
  redis,
  mails,
  users: userRepository,
}: CreateAuthOptions) {
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
      // Sign-in of accounts made under the spec's 6; new passwords need NEW_PASSWORD_MIN_LENGTH (the sign-up
      // and reset schemas).
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // An unverified account can still sign in, browse and order (docs/requirements.md §13).
      requireEmailVerification: false,
      sendResetPassword: (data) => mails.sendPasswordReset(data),
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      // Deleting the sessions also ends every access token exchanged for them (access-token.ts).
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_TOKEN_SECONDS,
      sendVerificationEmail: (data) => mails.sendVerification(data),
    },
    user: {
      // Never settable by the client (input: false): only ADMIN_EMAILS, the CLI and admins grant 'admin'.
      additionalFields: { role: { type: 'string', required: false, defaultValue: 'user', input: false } },
    },
    // ADMIN_EMAILS grant admin only to a verified address: at creation when the provider vouched for it (Google
    // with a verified email), otherwise when a later update marks it verified (the verification link, or a
    // verified Google sign-in linking the account). Identity-plugin.ts does the same for existing users at start.
    databaseHooks: {
      user: {
        create: {
          before: async (user) =>
            user.emailVerified && adminEmails.has(normalizeEmail(user.email))
              ? { data: { ...user, role: 'admin' } }
              : undefined,
        },
        update: {
          after: async (user) => {
            if (user.emailVerified && adminEmails.has(normalizeEmail(user.email)))
              await userRepository.grantAdmin([user.email]);
          },
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
    rateLimit: {
      enabled: true,
      ...AUTH_RATE_LIMIT,
      ...(redis
        ? { customStorage: redisRateLimitStorage(redis, config.redisKeyPrefix) }
        : { storage: 'memory' }),
    },
    disabledPaths: DISABLED_PATHS,
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
