import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './e2e/support/accounts';

/**
 * Browser journeys (`npm run test:e2e`) in Debian's Chromium against the shop started as a user starts it
 * (`npm start`), on a fresh embedded database with the demo catalogue. No browser is downloaded: the
 * machines are offline, so Chromium comes from `apt-get install chromium` (CHROME_PATH overrides its path).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The local OpenID Connect provider standing in for Google (e2e/support/oidc-provider.mjs). */
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3111);
const oidcDiscoveryURL = `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`;
/** The shop's throw-away data folder (E2E_DATA_DIR lets two runs on other ports live side by side). */
const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // Started in order: the provider first, because the shop reads its discovery document when it starts.
  webServer: [
    {
      command: 'node e2e/support/oidc-provider.mjs',
      url: oidcDiscoveryURL,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_OIDC_PORT: String(oidcPort) },
    },
    {
      command: `rm -rf ${dataDir} && node scripts/start.mjs`,
      url: `${baseURL}/api/ready`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Test-only values: the shop's production mode with its identity configuration, on loopback.
        AUTH_SECRET: 'e2e-only-auth-secret-0123456789abcdef',
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        GOOGLE_CLIENT_ID: 'partsforge-e2e-client',
        GOOGLE_CLIENT_SECRET: 'partsforge-e2e-secret',
        GOOGLE_DISCOVERY_URL: oidcDiscoveryURL,
      },
    },
  ],
});
