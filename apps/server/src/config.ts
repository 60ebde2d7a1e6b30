/**
 * Server configuration: the environment, checked with zod once at start (DESIGN.md "Stack"; every variable is
 * documented in /.env.example). Empty strings count as unset, so a blank line in a .env file means "default".
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_SHOP_NAME } from '@partsforge/shared';
import { z } from 'zod';
import { serverPackageRoot } from './lib/package-root.js';

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

const envSchema = z.object({
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
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  SEED_DEMO: booleanFlag.default(true),
  CATALOG_CACHE_TTL_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .max(3_600_000, 'must be at most 3600000 (one hour)')
    .default(2000),
  TRUST_PROXY: trustProxy.default(false),
});

/** The checked configuration. Paths are absolute. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Folder of the embedded database's files (PGlite lives in `${dataDir}/pglite`). */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite is used. */
  databaseUrl: string | undefined;
  /** Shop name shown by the web app (DESIGN.md: "PartsForge", configurable). */
  shopName: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Built web app served by this process (apps/web/dist by default). */
  webDistDir: string;
  /** Seed the demo catalogue into an empty database at start. */
  seedDemo: boolean;
  /** Lifetime of cached catalogue responses in milliseconds; 0 disables the cache. */
  catalogCacheTtlMs: number;
  /** Fastify `trustProxy` setting (honour X-Forwarded-* from these proxies). */
  trustProxy: boolean | number | string[];
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
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
  return {
    nodeEnv: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    dataDir: absolute(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    shopName: vars.SHOP_NAME,
    logLevel: vars.LOG_LEVEL,
    webDistDir: vars.WEB_DIST_DIR ? absolute(vars.WEB_DIST_DIR) : resolve(serverPackageRoot(), '../web/dist'),
    seedDemo: vars.SEED_DEMO,
    catalogCacheTtlMs: vars.CATALOG_CACHE_TTL_MS,
    trustProxy: vars.TRUST_PROXY,
  };
}

/**
 * Loads `.env` from `cwd` (default invocationDir()) into process.env when the file exists (copy .env.example to start). Variables already
 * set in the environment win over the file. Returns whether a file was read.
 */
export function loadDotEnv(cwd: string = invocationDir()): boolean {
  const path = join(cwd, '.env');
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}
