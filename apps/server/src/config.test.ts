import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';

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
      webDistDir: join(repoRoot, 'apps/web/dist'),
      seedDemo: true,
      catalogCacheTtlMs: 2000,
      trustProxy: false,
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
        CATALOG_CACHE_TTL_MS: '0',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
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
      catalogCacheTtlMs: 0,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
    });
  });

  it('parses TRUST_PROXY as a boolean or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
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
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems).toHaveLength(5);
    expect(error.message).toContain('Invalid environment configuration');
    for (const name of ['PORT', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL', 'CATALOG_CACHE_TTL_MS']) {
      expect(error.message).toMatch(new RegExp(`- ${name}: `));
    }
    expect(error.message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
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
