import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// One server for the whole run, on a fresh embedded database in a temporary data dir.
// Workers inherit process.env, so the directory is made once, by the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// The server's secrets, known to the tests (the partner login helper signs with the SSO one).
process.env.PARTNER_SSO_SECRET ??= randomBytes(32).toString('hex');
process.env.PAYMENT_GATEWAY_SECRET ??= randomBytes(32).toString('hex');
const port = Number(process.env.E2E_PORT ?? 18480);
const root = resolve(import.meta.dirname, '..');

// A second server with the real adapters on (Duffel flights, Stripe cards) and the simulated
// parties off, against the local contract mocks of both providers (`real-adapters.spec.ts`).
process.env.E2E_ADAPTERS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-adapters-'));
process.env.E2E_STRIPE_WEBHOOK_SECRET ??= `whsec_${randomBytes(24).toString('hex')}`;
process.env.E2E_DUFFEL_WEBHOOK_SECRET ??= randomBytes(32).toString('hex');
const ADAPTERS_PORT = Number(process.env.E2E_ADAPTERS_PORT ?? 18490);
const duffelPort = ADAPTERS_PORT + 1;
const stripePort = ADAPTERS_PORT + 2;
const adaptersOrigin = `http://127.0.0.1:${ADAPTERS_PORT}`;
/** A contract mock run on its own, from the test tree, by the repository's tsx. */
const mock = (file: string, args: string) => `node --import tsx apps/api/src/test/mocks/${file} ${args}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Tests share one server and its demo users (one test changes a password), so they run in order.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1366, height: 860 } } }],
  webServer: [
    {
      command: 'node apps/api/dist/server.js',
      cwd: root,
      url: `http://127.0.0.1:${port}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        // The demo: seeded users, simulated suppliers and the simulated card gateway.
        PORTAL_DEMO: 'true',
        PARTNER_SSO_SECRET: process.env.PARTNER_SSO_SECRET,
        PAYMENT_GATEWAY_SECRET: process.env.PAYMENT_GATEWAY_SECRET,
        LOGIN_RATE_LIMIT_MAX: '1000',
        LOGIN_IP_RATE_LIMIT_MAX: '1000',
        // One demo user runs every search of the suite: well past a person's 30 a minute.
        REQUEST_LIMIT_SCALE: '20',
        LOG_LEVEL: 'warn',
        // The shopping tests set supplier faults (price change) through the test-only routes.
        ENABLE_TEST_HOOKS: 'true',
        SUPPLIER_LATENCY_SCALE: '1',
        // Ticketing waits for the fare's tier (at most 2 h); scaled, a paid order is issued in seconds.
        TIME_SCALE: '3600',
      },
    },
    {
      command: mock('duffel-mock/server.ts', `--port ${duffelPort}`),
      cwd: root,
      port: duffelPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: mock(
        'stripe-mock.ts',
        `--port ${stripePort} --webhook ${adaptersOrigin}/order/v2/payments/stripe/webhook --secret ${process.env.E2E_STRIPE_WEBHOOK_SECRET}`,
      ),
      cwd: root,
      port: stripePort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/api/dist/server.js',
      cwd: root,
      url: `${adaptersOrigin}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(ADAPTERS_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_ADAPTERS_DATA_DIR,
        // The demo's users and agencies, without its simulated suppliers and payment channels.
        PORTAL_DEMO: 'true',
        SEED_DEMO_BUSINESS: 'false',
        SIMULATED_SUPPLIERS: 'false',
        SIMULATED_PAYMENTS: 'false',
        PARTNER_SSO_SECRET: process.env.PARTNER_SSO_SECRET,
        PAYMENT_GATEWAY_SECRET: process.env.PAYMENT_GATEWAY_SECRET,
        DUFFEL_ACCESS_TOKEN: 'duffel_test_e2e_contract_mock',
        DUFFEL_BASE_URL: `http://127.0.0.1:${duffelPort}`,
        DUFFEL_WEBHOOK_SECRET: process.env.E2E_DUFFEL_WEBHOOK_SECRET,
        // The same key as `real-adapters.spec.ts` asks the mock's refunds with.
        STRIPE_SECRET_KEY: 'sk_test_e2eContractMock0000',
        STRIPE_WEBHOOK_SECRET: process.env.E2E_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_HOST: `http://127.0.0.1:${stripePort}`,
        PUBLIC_URL: adaptersOrigin,
        LOGIN_RATE_LIMIT_MAX: '1000',
        LOGIN_IP_RATE_LIMIT_MAX: '1000',
        REQUEST_LIMIT_SCALE: '20',
        LOG_LEVEL: 'warn',
        TIME_SCALE: '3600',
      },
    },
  ],
});
