/**
 * Server configuration: the environment, checked with zod once at start (docs/design.md "Stack"; every variable is
 * documented in /.env.example). Empty strings count as unset, so a blank line in a .env file means "default".
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_CORE_RETURN_DAYS, DEFAULT_RETURN_DAYS, DEFAULT_SHOP_NAME } from '@partsforge/shared';
import { z } from 'zod';
import { serverPackageRoot } from './lib/package-root.js';

/**
 * PostgreSQL connections per process by default. Since an order holds its locks for one statement, 10, 20 and 32
 * place as many orders (`DB_POOL_SIZE=N npm run bench:orders`: docs/decisions/022); with several processes keep
 * their sum under the server's max_connections.
 */
export const DEFAULT_DB_POOL_SIZE = 10;

/** Default memory bound of the catalogue's cached search result lists, in MB (every sort and filter of 88,000 parts fits). */
export const DEFAULT_RESULT_CACHE_MB = 32;

/**
 * Default of SELLER_ADDRESS: the seller block of invoices under the shop name, one entry per printed line
 * (docs/requirements.md §13).
 */
export const DEFAULT_SELLER_ADDRESS = [
  '1200 Industrial Parkway',
  'Springfield, IL 62701, United States',
  'orders@partsforge.example · +1 (555) 010-0100',
];

const TAX_RATE_MESSAGE = 'must be a percentage from 0 to 100 with at most 2 decimals, e.g. 8.25';

/** Settings of the Stripe payment provider (STRIPE_* variables). */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe's API origin; default https://api.stripe.com. */
  apiUrl?: string | undefined;
}

/** Google's OpenID Connect discovery document (the default of GOOGLE_DISCOVERY_URL). */
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

/**
 * What a process does (PROCESS_ROLE, docs/operations.md "Processes, probes and drain"): `web` serves HTTP and runs
 * no jobs, `worker` runs the jobs (mail delivery, hold expiry) and answers only its probes, `all` both.
 */
export const PROCESS_ROLES = ['web', 'worker', 'all'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Fastify's `trustProxy`: true/false, a hop count, or a comma-separated list of addresses/CIDR ranges. */
const trustProxy = z
  .string()
  .trim()
  .min(1)
  .transform((value): boolean | number | string[] => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  });

/** The environment variables the server reads, each with its check and default (all listed in /.env.example). */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be 0..65535')
    .max(65_535, 'must be 0..65535')
    .default(3000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  SHOP_NAME: z.string().trim().min(1).max(80, 'must be at most 80 characters').default(DEFAULT_SHOP_NAME),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 32`)')
    .max(256, 'must be at most 256 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  METRICS_PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(1, 'must be 1..65535')
    .max(65_535, 'must be 1..65535')
    .optional(),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  SEED_DEMO: booleanFlag.default(true),
  SEED_PARTS: z.coerce
    .number({ message: 'must be a whole number of parts' })
    .int('must be a whole number of parts')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .optional(),
  CATALOG_CACHE_TTL_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(3_600_000, 'must be at most 3600000 (one hour)')
    .default(2000),
  CATALOG_RESULT_CACHE_MB: z.coerce
    .number({ message: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(0, 'must be 0 or more')
    .max(4096, 'must be at most 4096')
    .default(DEFAULT_RESULT_CACHE_MB),
  CATALOG_SEARCH_INDEX: booleanFlag.default(true),
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(600_000, 'must be at most 600000 (ten minutes)')
    .default(10_000),
  DB_POOL_SIZE: z.coerce
    .number({ message: 'must be a number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(DEFAULT_DB_POOL_SIZE),
  DB_POOL_ACQUIRE_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .max(60_000, 'must be at most 60000 (one minute)')
    .default(5000),
  WRITE_LIMITS: booleanFlag.default(true),
  ORDER_HOLD_MINUTES: z.coerce
    .number({ message: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1')
    .max(10_080, 'must be at most 10080 (a week)')
    .default(60),
  APPROVAL_HOLD_HOURS: z.coerce
    .number({ message: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1')
    .max(720, 'must be at most 720 (30 days)')
    .default(48),
  // Days after a shipment within which its units may be asked back; cores longer (docs/requirements.md §17).
  RETURN_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(DEFAULT_RETURN_DAYS),
  CORE_RETURN_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(DEFAULT_CORE_RETURN_DAYS),
  MAX_UNPAID_ORDERS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(5),
  // A decimal percentage, read exactly as basis points (8.25 -> 825): no binary fractions on the way.
  TAX_RATE_PERCENT: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, TAX_RATE_MESSAGE)
    .transform((value) => {
      const [whole = '0', fraction = ''] = value.split('.');
      return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    })
    .refine((basisPoints) => basisPoints <= 10_000, TAX_RATE_MESSAGE)
    .default(0),
  // An IANA time zone name; shipping cut-offs and delivery dates are counted in it (docs/requirements.md §16).
  SHOP_TIMEZONE: z
    .string()
    .trim()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return zone.length > 0;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone name such as America/Chicago')
    .default('America/Chicago'),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(500, 'must be at most 500 characters')
    .transform((value) =>
      value
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .default(DEFAULT_SELLER_ADDRESS),
  TRUST_PROXY: trustProxy.default(false),
  AUTH_SECRET: z
    .string()
    .trim()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), {
      message: 'must be a comma-separated list of email addresses',
    })
    .default([]),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .default(GOOGLE_DISCOVERY_URL),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://shop.example.com' })
    .transform((value) => new URL(value).origin)
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('partsforge:'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe'], { message: 'must be sandbox or stripe' }).optional(),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  PAYMENTS_SANDBOX_IN_PRODUCTION: booleanFlag.default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600 (one hour)')
    .default(30),
  JOB_WORKERS: booleanFlag.default(true),
  PROCESS_ROLE: z.enum(PROCESS_ROLES, { message: 'must be web, worker or all' }).default('all'),
  SHUTDOWN_DELAY_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(0, 'must be 0 or more')
    .max(300, 'must be at most 300')
    .default(5),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(1, 'must be at least 1')
    .max(600, 'must be at most 600')
    .default(25),
  JOB_POLL_INTERVAL_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .min(0.5, 'must be at least 0.5')
    .max(60, 'must be at most 60')
    .default(2),
});

/** Outgoing email (docs/requirements.md §13). */
export interface MailSettings {
  /** SMTP server; unset: every message is written as an .eml file in `${dataDir}/outbox`. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `PartsForge <orders@example.com>`. */
  from: string;
  /** Seconds before the first retry of a failed delivery (doubled on each next one, 10 retries). */
  retryDelaySeconds: number;
  /** Seconds between the delivery worker's polls of the queue. */
  pollIntervalSeconds: number;
}

/** The checked configuration. Paths are absolute. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Folder of the embedded database's files (PGlite lives in `${dataDir}/pglite`). */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite is used. */
  databaseUrl: string | undefined;
  /** Shop name shown by the web app (docs/design.md: "PartsForge", configurable). */
  shopName: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * Prometheus metrics (docs/operations.md "Metrics and logs"): GET /metrics with `token` as a bearer token, or on a
   * listener of its own at `port` (HOST:METRICS_PORT; the token too when both are set); neither: not served.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Built web app served by this process (apps/web/dist by default). */
  webDistDir: string;
  /** Seed the demo catalogue into an empty database at start. */
  seedDemo: boolean;
  /**
   * Number of parts the start-up seed puts in an empty catalogue (docs/decisions/005-catalogue-search.md: curated demo parts first, then
   * generated ones); unset: the 119 curated parts.
   */
  seedParts: number | undefined;
  /** Lifetime of cached catalogue responses in milliseconds; 0 disables the cache. */
  catalogCacheTtlMs: number;
  /** Memory bound of the catalogue's cached search result lists in MB; 0 disables them (catalog-cache.ts). */
  catalogResultCacheMb: number;
  /**
   * Whether searches use the in-process search index (docs/decisions/016-in-process-search-index.md); off, every
   * search runs on the database (same results, slower).
   */
  catalogSearchIndex: boolean;
  /**
   * Longest a PostgreSQL statement of a request may run, in milliseconds (0: no limit); past it the request
   * gets 503 with Retry-After and its transaction rolls back. Migrations and seeding are not limited.
   */
  dbStatementTimeoutMs: number;
  /** Longest a request waits for a pooled PostgreSQL connection, in milliseconds; past it: 503 with Retry-After. */
  dbPoolAcquireTimeoutMs: number;
  /** PostgreSQL connections this process keeps at most (DB_POOL_SIZE; docs/decisions/022). */
  dbPoolSize: number;
  /** Per-user limits of reviews, orders, profile updates and uploads (plugins/rate-limit.ts WRITE_LIMITS); off only for load tests. */
  writeLimits: boolean;
  /** Minutes an unpaid order holds its stock before it expires (docs/decisions/012). */
  orderHoldMinutes: number;
  /**
   * Hours an order awaiting approval holds its stock before it expires (APPROVAL_HOLD_HOURS, default 48;
   * docs/requirements.md §14).
   */
  approvalHoldHours: number;
  /**
   * Days after the shipment of units within which they may be asked back (RETURN_DAYS, default 30), and for cores
   * (CORE_RETURN_DAYS, default 90); docs/requirements.md §17 "Returns".
   */
  returnDays: number;
  coreReturnDays: number;
  /** Most unpaid orders one customer may have at once; the next is 409 (docs/decisions/012). */
  maxUnpaidOrders: number;
  /**
   * Tax applied to an order's lines when it is placed, in basis points (1% = 100; TAX_RATE_PERCENT 8.25 is 825),
   * 0..10000 (docs/requirements.md §13).
   */
  taxRateBasisPoints: number;
  /**
   * The shop's IANA time zone (SHOP_TIMEZONE, default America/Chicago): shipping cut-offs and delivery dates are
   * counted in it (docs/requirements.md §16).
   */
  shopTimeZone: string;
  /** The seller's address and contact on invoices, one entry per printed line (SELLER_ADDRESS split at `|`). */
  sellerAddress: string[];
  /** Fastify `trustProxy` setting (honour X-Forwarded-* from these proxies). */
  trustProxy: boolean | number | string[];
  /**
   * Secret that signs sessions and access tokens. Required in production with DATABASE_URL; otherwise, when
   * unset, a random one is generated once and kept in `${dataDir}/auth-secret` (modules/identity/auth-secret.ts).
   */
  authSecret: string | undefined;
  /** Lower-cased emails granted the admin role at sign-up and at start (docs/design.md item 10). */
  adminEmails: string[];
  /** Google sign-in through OpenID Connect; off unless both client id and secret are set (docs/design.md item 9). */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /**
   * The shop's public origin (e.g. https://shop.example.com). Sets the Google redirect URI and secure cookies;
   * when unset both follow each request's own origin (plain HTTP on a LAN keeps working).
   */
  publicUrl: string | undefined;
  /** Redis for state shared by several processes (sign-in rate limits); in-process memory when unset. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key this shop writes. */
  redisKeyPrefix: string;
  /**
   * Card payment provider (docs/design.md "Payments"): 'stripe' when STRIPE_SECRET_KEY is set (or PAYMENT_PROVIDER
   * says so), otherwise the built-in test processor 'sandbox'.
   */
  paymentProvider: 'sandbox' | 'stripe';
  /** Stripe's keys, set when paymentProvider is 'stripe'; apiUrl only for tests (a local stand-in for Stripe). */
  stripe: StripeSettings | undefined;
  /** Outgoing email. */
  mail: MailSettings;
  /**
   * Whether this process runs the periodic jobs (mail delivery, the hold expiry sweep): JOB_WORKERS (default true),
   * and never with PROCESS_ROLE=web.
   */
  jobWorkers: boolean;
  /** PROCESS_ROLE: web (HTTP only), worker (jobs and probes only) or all (default; docs/operations.md). */
  processRole: ProcessRole;
  /**
   * Graceful drain on SIGTERM (docs/operations.md "Processes, probes and drain"): /readyz answers 503 at once, the
   * listener closes `delaySeconds` later (web and all only), then requests in flight and running jobs get
   * `graceSeconds` to finish.
   */
  shutdown: { delaySeconds: number; graceSeconds: number };
}

/** Thrown by loadConfig when variables are invalid; `message` lists every bad variable on its own line. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The folder the user ran the command from: npm runs workspace scripts (`npm run seed`) inside the package
 * folder but records where it was invoked in INIT_CWD, so `./data` and `.env` mean the same folder for
 * `npm start`, `npm run seed` and `node apps/server/dist/main.js` run from the repository root.
 */
export function invocationDir(): string {
  return process.env.INIT_CWD || process.cwd();
}

/**
 * Reads and checks the configuration from `env` (default process.env). Relative paths are resolved against
 * `cwd` (default invocationDir()), except the default WEB_DIST_DIR, which is the repository's apps/web/dist
 * whatever the cwd. Throws ConfigError listing every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = invocationDir()): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]?.trim() === '' ? undefined : env[key]] as const)
      .filter(([, value]) => value !== undefined),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = parsed.data;
  const problems: string[] = [];
  // Every process behind a load balancer must share the secret, so production on PostgreSQL needs it set;
  // the embedded database serves one process, which may keep a generated secret in DATA_DIR (decision 004).
  if (vars.NODE_ENV === 'production' && vars.DATABASE_URL && !vars.AUTH_SECRET)
    problems.push(
      'AUTH_SECRET: is required in production with DATABASE_URL (every process must share it; e.g. `openssl rand -hex 32`)',
    );
  if (Boolean(vars.GOOGLE_CLIENT_ID) !== Boolean(vars.GOOGLE_CLIENT_SECRET))
    problems.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  const paymentProvider = vars.PAYMENT_PROVIDER ?? (vars.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (paymentProvider === 'stripe')
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
      if (!vars[key]) problems.push(`${key}: is required with the stripe payment provider`);
  // Like AUTH_SECRET: production on PostgreSQL is a real deployment; `npm start` on the embedded database is
  // the one-command demo shop and keeps its sandbox (decision 008).
  if (
    vars.NODE_ENV === 'production' &&
    vars.DATABASE_URL &&
    paymentProvider === 'sandbox' &&
    !vars.PAYMENTS_SANDBOX_IN_PRODUCTION
  )
    problems.push(
      'PAYMENT_PROVIDER: the sandbox takes no real money and refuses to run in production with DATABASE_URL; configure a real provider, or set PAYMENTS_SANDBOX_IN_PRODUCTION=true for a demo',
    );
  if (vars.PROCESS_ROLE === 'worker' && !vars.JOB_WORKERS)
    problems.push('JOB_WORKERS: must not be false with PROCESS_ROLE=worker (the worker would do nothing)');
  if (vars.METRICS_PORT !== undefined && vars.METRICS_PORT === vars.PORT)
    problems.push('METRICS_PORT: must differ from PORT (metrics get a listener of their own)');
  if (problems.length > 0) throw new ConfigError(problems);
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  return {
    nodeEnv: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    dataDir: absolute(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    shopName: vars.SHOP_NAME,
    logLevel: vars.LOG_LEVEL,
    metrics: { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT },
    webDistDir: vars.WEB_DIST_DIR ? absolute(vars.WEB_DIST_DIR) : resolve(serverPackageRoot(), '../web/dist'),
    seedDemo: vars.SEED_DEMO,
    seedParts: vars.SEED_PARTS,
    catalogCacheTtlMs: vars.CATALOG_CACHE_TTL_MS,
    catalogResultCacheMb: vars.CATALOG_RESULT_CACHE_MB,
    catalogSearchIndex: vars.CATALOG_SEARCH_INDEX,
    dbStatementTimeoutMs: vars.DB_STATEMENT_TIMEOUT_MS,
    dbPoolAcquireTimeoutMs: vars.DB_POOL_ACQUIRE_TIMEOUT_MS,
    dbPoolSize: vars.DB_POOL_SIZE,
    writeLimits: vars.WRITE_LIMITS,
    orderHoldMinutes: vars.ORDER_HOLD_MINUTES,
    approvalHoldHours: vars.APPROVAL_HOLD_HOURS,
    returnDays: vars.RETURN_DAYS,
    coreReturnDays: vars.CORE_RETURN_DAYS,
    maxUnpaidOrders: vars.MAX_UNPAID_ORDERS,
    taxRateBasisPoints: vars.TAX_RATE_PERCENT,
    shopTimeZone: vars.SHOP_TIMEZONE,
    sellerAddress: vars.SELLER_ADDRESS,
    trustProxy: vars.TRUST_PROXY,
    authSecret: vars.AUTH_SECRET,
    adminEmails: vars.ADMIN_EMAILS,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? {
            clientId: vars.GOOGLE_CLIENT_ID,
            clientSecret: vars.GOOGLE_CLIENT_SECRET,
            discoveryUrl: vars.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    publicUrl: vars.PUBLIC_URL,
    redisUrl: vars.REDIS_URL,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    paymentProvider,
    stripe:
      paymentProvider === 'stripe' &&
      vars.STRIPE_SECRET_KEY &&
      vars.STRIPE_PUBLISHABLE_KEY &&
      vars.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: vars.STRIPE_SECRET_KEY,
            publishableKey: vars.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
            apiUrl: vars.STRIPE_API_URL,
          }
        : undefined,
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? `${vars.SHOP_NAME} <no-reply@partsforge.invalid>`,
      retryDelaySeconds: vars.MAIL_RETRY_DELAY_SECONDS,
      pollIntervalSeconds: vars.JOB_POLL_INTERVAL_SECONDS,
    },
    jobWorkers: vars.JOB_WORKERS && vars.PROCESS_ROLE !== 'web',
    processRole: vars.PROCESS_ROLE,
    shutdown: { delaySeconds: vars.SHUTDOWN_DELAY_SECONDS, graceSeconds: vars.SHUTDOWN_GRACE_SECONDS },
  };
}

/**
 * Loads `.env` from `cwd` (default invocationDir()) into process.env when the file exists (copy .env.example to start). Variables already
 * set in the environment win over the file. Returns whether a file was read.
 */
/**
 * What the server warns about at start (a setting that works but should be set): in production, an unset
 * PUBLIC_URL, since every email's links then point at http://localhost:PORT (docs/security.md).
 */
export function configWarnings(config: Pick<Config, 'nodeEnv' | 'publicUrl' | 'port'>): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv === 'production' && !config.publicUrl)
    warnings.push(
      `PUBLIC_URL is not set: links in emails (orders, verification, password reset) point at http://localhost:${config.port}. Set it to the shop's public origin, e.g. https://shop.example.com`,
    );
  return warnings;
}

export function loadDotEnv(cwd: string = invocationDir()): boolean {
  const path = join(cwd, '.env');
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}
