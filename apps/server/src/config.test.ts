import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  configWarnings,
  DEFAULT_SELLER_ADDRESS,
  envSchema,
  loadConfig,
  loadDotEnv,
} from './config.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toEqual({
      nodeEnv: 'development',
      host: '0.0.0.0',
      port: 3000,
      dataDir: '/srv/shop/data',
      databaseUrl: undefined,
      shopName: 'PartsForge',
      logLevel: 'info',
      metrics: { token: undefined, port: undefined },
      webDistDir: join(repoRoot, 'apps/web/dist'),
      seedDemo: true,
      seedParts: undefined,
      catalogCacheTtlMs: 2000,
      catalogResultCacheMb: 32,
      catalogSearchIndex: true,
      dbStatementTimeoutMs: 10_000,
      dbPoolAcquireTimeoutMs: 5000,
      dbPoolSize: 10,
      writeLimits: true,
      orderHoldMinutes: 60,
      approvalHoldHours: 48,
      returnDays: 30,
      coreReturnDays: 90,
      maxUnpaidOrders: 5,
      taxRateBasisPoints: 0,
      shopTimeZone: 'America/Chicago',
      sellerAddress: DEFAULT_SELLER_ADDRESS,
      trustProxy: false,
      authSecret: undefined,
      adminEmails: [],
      google: undefined,
      publicUrl: undefined,
      redisUrl: undefined,
      redisKeyPrefix: 'partsforge:',
      paymentProvider: 'sandbox',
      stripe: undefined,
      mail: {
        smtpUrl: undefined,
        from: 'PartsForge <no-reply@partsforge.invalid>',
        retryDelaySeconds: 30,
        pollIntervalSeconds: 2,
      },
      jobWorkers: true,
      processRole: 'all',
      shutdown: { delaySeconds: 5, graceSeconds: 25 },
    });
  });

  it('resolves the default web dist from the server package, whatever the working directory', () => {
    expect(loadConfig({}, '/tmp').webDistDir).toBe(join(repoRoot, 'apps/web/dist'));
    expect(loadConfig({ WEB_DIST_DIR: 'public' }, '/tmp').webDistDir).toBe('/tmp/public');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '8080',
        DATA_DIR: '/var/lib/partsforge',
        DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
        SHOP_NAME: '  Northside Parts ',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/opt/web',
        SEED_DEMO: 'false',
        SEED_PARTS: '88000',
        CATALOG_CACHE_TTL_MS: '0',
        CATALOG_RESULT_CACHE_MB: '0',
        CATALOG_SEARCH_INDEX: 'false',
        DB_STATEMENT_TIMEOUT_MS: '2500',
        DB_POOL_ACQUIRE_TIMEOUT_MS: '1000',
        DB_POOL_SIZE: '32',
        WRITE_LIMITS: 'false',
        ORDER_HOLD_MINUTES: '30',
        APPROVAL_HOLD_HOURS: '24',
        RETURN_DAYS: '14',
        CORE_RETURN_DAYS: '60',
        MAX_UNPAID_ORDERS: '3',
        TAX_RATE_PERCENT: '8.25',
        SHOP_TIMEZONE: 'America/Los_Angeles',
        SELLER_ADDRESS: ' 9 Dock Street | Portland, OR 97201 |',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        AUTH_SECRET: 'a'.repeat(64),
        ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
        GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'client-secret',
        GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:4011/.well-known/openid-configuration',
        PUBLIC_URL: 'https://shop.example.com/',
        REDIS_URL: 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: 'shop-a:',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_123',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      },
      '/',
    );
    expect(config).toMatchObject({
      nodeEnv: 'production',
      host: '127.0.0.1',
      port: 8080,
      dataDir: '/var/lib/partsforge',
      databaseUrl: 'postgres://shop@db.internal:5432/shop',
      shopName: 'Northside Parts',
      logLevel: 'warn',
      webDistDir: '/opt/web',
      seedDemo: false,
      seedParts: 88000,
      catalogCacheTtlMs: 0,
      catalogResultCacheMb: 0,
      catalogSearchIndex: false,
      dbStatementTimeoutMs: 2500,
      dbPoolAcquireTimeoutMs: 1000,
      dbPoolSize: 32,
      writeLimits: false,
      orderHoldMinutes: 30,
      approvalHoldHours: 24,
      returnDays: 14,
      coreReturnDays: 60,
      maxUnpaidOrders: 3,
      taxRateBasisPoints: 825,
      shopTimeZone: 'America/Los_Angeles',
      sellerAddress: ['9 Dock Street', 'Portland, OR 97201'],
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      authSecret: 'a'.repeat(64),
      adminEmails: ['boss@example.com', 'ops@example.com'],
      google: {
        clientId: 'client-id.apps.googleusercontent.com',
        clientSecret: 'client-secret',
        discoveryUrl: 'http://127.0.0.1:4011/.well-known/openid-configuration',
      },
      publicUrl: 'https://shop.example.com',
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'shop-a:',
      paymentProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_123',
        publishableKey: 'pk_test_123',
        webhookSecret: 'whsec_123',
        apiUrl: 'http://127.0.0.1:12111',
      },
    });
  });

  it("uses Google's discovery document by default and enables Google only with both credentials", () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  });

  it('requires AUTH_SECRET in production on PostgreSQL, where several processes must share it', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db:5432/shop' };
    expect(() => loadConfig(production)).toThrow('AUTH_SECRET: is required in production with DATABASE_URL');
    expect(
      loadConfig({ ...production, AUTH_SECRET: 'b'.repeat(32), PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' })
        .authSecret,
    ).toBe('b'.repeat(32));
    // One process on the embedded database keeps a generated secret in DATA_DIR instead.
    expect(loadConfig({ NODE_ENV: 'production' }).authSecret).toBeUndefined();
    expect(() => loadConfig({ AUTH_SECRET: 'too-short' })).toThrow(
      'AUTH_SECRET: must be at least 32 characters',
    );
  });

  it('refuses the sandbox payment provider in production on PostgreSQL unless explicitly allowed', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      AUTH_SECRET: 'b'.repeat(32),
    };
    expect(() => loadConfig(production)).toThrow(
      'PAYMENT_PROVIDER: the sandbox takes no real money and refuses to run in production',
    );
    expect(loadConfig({ ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' }).paymentProvider).toBe(
      'sandbox',
    );
    // `npm start` on the embedded database is the demo shop: the sandbox stays available there.
    expect(loadConfig({ NODE_ENV: 'production' }).paymentProvider).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER: must be sandbox or stripe',
    );
  });

  it('uses Stripe when STRIPE_SECRET_KEY is set, and then needs its publishable key and webhook secret', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'STRIPE_PUBLISHABLE_KEY: is required with the stripe payment provider',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'STRIPE_SECRET_KEY: is required with the stripe payment provider',
    );
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(loadConfig(stripe)).toMatchObject({ paymentProvider: 'stripe', stripe: { secretKey: 'sk_1' } });
    expect(loadConfig({ ...stripe, PAYMENT_PROVIDER: 'sandbox' })).toMatchObject({
      paymentProvider: 'sandbox',
      stripe: undefined,
    });
  });

  it('rejects ADMIN_EMAILS that are not email addresses', () => {
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@example.com, not-an-email' })).toThrow(
      'ADMIN_EMAILS: must be a comma-separated list of email addresses',
    );
  });

  it('reads SHOP_TIMEZONE as an IANA time zone name and refuses other names', () => {
    expect(loadConfig({ SHOP_TIMEZONE: 'Europe/Berlin' }).shopTimeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ SHOP_TIMEZONE: 'Mars/Olympus' })).toThrow(
      'SHOP_TIMEZONE: must be an IANA time zone name such as America/Chicago',
    );
  });

  it('reads TAX_RATE_PERCENT exactly as basis points, 0 to 100 with at most 2 decimals', () => {
    const rate = (value: string) => loadConfig({ TAX_RATE_PERCENT: value }).taxRateBasisPoints;
    expect([rate('0'), rate('7'), rate('8.5'), rate('8.25'), rate('0.01'), rate('100')]).toEqual([
      0, 700, 850, 825, 1, 10_000,
    ]);
    for (const bad of ['-1', '100.01', '101', '8.255', 'ten', '8,25', '1e2'])
      expect(() => loadConfig({ TAX_RATE_PERCENT: bad }), bad).toThrow(
        'TAX_RATE_PERCENT: must be a percentage from 0 to 100 with at most 2 decimals',
      );
  });

  it('parses TRUST_PROXY as a boolean or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('reads PROCESS_ROLE and the drain timings; a web process runs no jobs, a worker must', () => {
    expect(loadConfig({ PROCESS_ROLE: 'web' })).toMatchObject({ processRole: 'web', jobWorkers: false });
    expect(loadConfig({ PROCESS_ROLE: 'worker' })).toMatchObject({ processRole: 'worker', jobWorkers: true });
    expect(loadConfig({ PROCESS_ROLE: 'all', JOB_WORKERS: 'false' })).toMatchObject({ jobWorkers: false });
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '0', SHUTDOWN_GRACE_SECONDS: '2.5' }).shutdown).toEqual({
      delaySeconds: 0,
      graceSeconds: 2.5,
    });
    expect(() => loadConfig({ PROCESS_ROLE: 'api' })).toThrow('PROCESS_ROLE: must be web, worker or all');
    expect(() => loadConfig({ PROCESS_ROLE: 'worker', JOB_WORKERS: 'false' })).toThrow(
      'JOB_WORKERS: must not be false with PROCESS_ROLE=worker',
    );
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: '-1' })).toThrow(
      'SHUTDOWN_DELAY_SECONDS: must be 0 or more',
    );
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(
      'SHUTDOWN_GRACE_SECONDS: must be at least 1',
    );
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ', SHOP_NAME: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.shopName).toBe('PartsForge');
  });

  it('lists every invalid variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/shop',
        SEED_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
        CATALOG_CACHE_TTL_MS: '-5',
        CATALOG_RESULT_CACHE_MB: 'lots',
        SEED_PARTS: '1.5',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems).toHaveLength(7);
    expect(error.message).toContain('Invalid environment configuration');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SEED_DEMO',
      'LOG_LEVEL',
      'CATALOG_CACHE_TTL_MS',
      'CATALOG_RESULT_CACHE_MB',
      'SEED_PARTS',
    ]) {
      expect(error.message).toMatch(new RegExp(`- ${name}: `));
    }
    expect(error.message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(error.message).toContain('SEED_PARTS: must be a whole number of parts');
  });
});

describe('.env.example', () => {
  it('lists every variable the server reads, and nothing else', () => {
    const listed = readFileSync(join(repoRoot, '.env.example'), 'utf8')
      .split('\n')
      .flatMap((line) => /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(line)?.[1] ?? []);
    expect([...new Set(listed)].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('docs/operations.md documents every variable the server reads', () => {
    const operations = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8');
    const section = /^## Configuration variables\n([\s\S]*?)(?=^## )/m.exec(operations)?.[1] ?? '';
    // One table row per variable, named in its first cell, and no row for a variable the server does not read.
    const rows = section
      .split('\n')
      .flatMap((line) => /^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|/.exec(line)?.[1] ?? []);
    const keys = Object.keys(envSchema.shape).sort();
    expect([...rows].sort()).toEqual(keys);
  });
});

describe('loadDotEnv', () => {
  it('reads .env from the given folder without overriding the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'partsforge-env-'));
    try {
      expect(loadDotEnv(dir)).toBe(false);
      writeFileSync(join(dir, '.env'), 'PF_TEST_FROM_FILE=file\nPF_TEST_BOTH=file\n');
      process.env.PF_TEST_BOTH = 'environment';
      expect(loadDotEnv(dir)).toBe(true);
      expect(process.env.PF_TEST_FROM_FILE).toBe('file');
      expect(process.env.PF_TEST_BOTH).toBe('environment');
    } finally {
      delete process.env.PF_TEST_FROM_FILE;
      delete process.env.PF_TEST_BOTH;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('configWarnings', () => {
  it('warns in production that PUBLIC_URL is unset, since every email would link to localhost', () => {
    expect(configWarnings({ nodeEnv: 'production', publicUrl: undefined, port: 3000 })).toEqual([
      expect.stringContaining('PUBLIC_URL is not set: links in emails'),
    ]);
    expect(
      configWarnings({ nodeEnv: 'production', publicUrl: 'https://shop.example.com', port: 3000 }),
    ).toEqual([]);
    expect(configWarnings({ nodeEnv: 'development', publicUrl: undefined, port: 3000 })).toEqual([]);
  });
});
