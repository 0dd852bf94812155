import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ROOT, DEMO_SECRETS_FILE, loadConfig } from './config';

const SECRETS = {
  PARTNER_SSO_SECRET: 'partner-secret-for-tests-1',
  PAYMENT_GATEWAY_SECRET: 'gateway-secret-for-tests-1',
};

const dirs: string[] = [];
/** A fresh data directory, removed after the test. */
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(SECRETS);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 12,
      loginRateLimitMax: 5,
      demo: false,
      partnerSsoSecret: SECRETS.PARTNER_SSO_SECRET,
      paymentGatewaySecret: SECRETS.PAYMENT_GATEWAY_SECRET,
      generatedSecrets: [],
      secretsFile: undefined,
      seedDemo: false,
      simulatedSuppliers: false,
      simulatedPayments: false,
      databaseUrl: undefined,
      orderListCacheMs: 30_000,
      frameAncestors: ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'],
    });
    expect(config.webDist).toBe(path.resolve(API_ROOT, '..', 'web', 'dist'));
    expect(fs.existsSync(path.join(config.migrationsDir, 'meta', '_journal.json'))).toBe(true);
  });

  it('reads overrides and refuses bad values', () => {
    expect(loadConfig({ ...SECRETS, PORT: '9000', SEED_DEMO: 'false', WEB_DIST: '/srv/web' })).toMatchObject({
      port: 9000,
      seedDemo: false,
      webDist: '/srv/web',
    });
    expect(() => loadConfig({ ...SECRETS, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses the test hooks in production', () => {
    expect(loadConfig({ ...SECRETS, ENABLE_TEST_HOOKS: 'true' }).enableTestHooks).toBe(true);
    expect(() => loadConfig({ ...SECRETS, ENABLE_TEST_HOOKS: 'true', NODE_ENV: 'production' })).toThrow(
      /ENABLE_TEST_HOOKS/,
    );
  });
});

describe('the Duffel adapter', () => {
  it('is off by default and on with an access token, at Duffel unless a base URL is given', () => {
    expect(loadConfig(SECRETS).duffel).toBeUndefined();
    expect(loadConfig({ ...SECRETS, DUFFEL_ACCESS_TOKEN: 'duffel_test_abcdefgh' }).duffel).toEqual({
      accessToken: 'duffel_test_abcdefgh',
      baseUrl: 'https://api.duffel.com',
      webhookSecret: undefined,
    });
    expect(
      loadConfig({
        ...SECRETS,
        DUFFEL_ACCESS_TOKEN: 'duffel_live_abcdefgh',
        DUFFEL_BASE_URL: 'http://127.0.0.1:4010',
        DUFFEL_WEBHOOK_SECRET: 'duffel-webhook-secret-1',
      }).duffel,
    ).toEqual({
      accessToken: 'duffel_live_abcdefgh',
      baseUrl: 'http://127.0.0.1:4010',
      webhookSecret: 'duffel-webhook-secret-1',
    });
  });

  it('refuses a token that is not Duffel’s, a bad base URL and a short webhook secret', () => {
    expect(() => loadConfig({ ...SECRETS, DUFFEL_ACCESS_TOKEN: 'sk_test_abcdefgh' })).toThrow(
      /DUFFEL_ACCESS_TOKEN/,
    );
    expect(() =>
      loadConfig({ ...SECRETS, DUFFEL_ACCESS_TOKEN: 'duffel_test_abcdefgh', DUFFEL_BASE_URL: 'nope' }),
    ).toThrow(/DUFFEL_BASE_URL/);
    expect(() => loadConfig({ ...SECRETS, DUFFEL_WEBHOOK_SECRET: 'short' })).toThrow(/DUFFEL_WEBHOOK_SECRET/);
  });
});

describe('secrets outside the demo', () => {
  it('refuses to start without each secret, naming the variable', () => {
    expect(() => loadConfig({})).toThrow(/PARTNER_SSO_SECRET and PAYMENT_GATEWAY_SECRET must be set/);
    expect(() => loadConfig({ PARTNER_SSO_SECRET: SECRETS.PARTNER_SSO_SECRET })).toThrow(
      /PAYMENT_GATEWAY_SECRET must be set/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY_SECRET: SECRETS.PAYMENT_GATEWAY_SECRET })).toThrow(
      /PARTNER_SSO_SECRET must be set/,
    );
    // An empty value is a missing one.
    expect(() => loadConfig({ ...SECRETS, PARTNER_SSO_SECRET: '' })).toThrow(/PARTNER_SSO_SECRET/);
  });

  it('refuses the published demo values and short secrets', () => {
    expect(() => loadConfig({ ...SECRETS, PARTNER_SSO_SECRET: 'demo-partner-secret' })).toThrow(
      /PARTNER_SSO_SECRET: is a published demo value/,
    );
    expect(() => loadConfig({ ...SECRETS, PAYMENT_GATEWAY_SECRET: 'demo-gateway-secret' })).toThrow(
      /PAYMENT_GATEWAY_SECRET: is a published demo value/,
    );
    expect(() => loadConfig({ ...SECRETS, PAYMENT_GATEWAY_SECRET: 'short' })).toThrow(
      /PAYMENT_GATEWAY_SECRET: must be at least 16 characters/,
    );
  });

  it('leaves the simulators and the demo data off unless asked for', () => {
    expect(
      loadConfig({ ...SECRETS, SIMULATED_PAYMENTS: 'true', SIMULATED_SUPPLIERS: 'true', SEED_DEMO: 'true' }),
    ).toMatchObject({ demo: false, simulatedPayments: true, simulatedSuppliers: true, seedDemo: true });
  });

  it('refuses the demo and the simulated gateway in production', () => {
    expect(() => loadConfig({ ...SECRETS, NODE_ENV: 'production', PORTAL_DEMO: 'true' })).toThrow(
      /PORTAL_DEMO cannot be used with NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...SECRETS, NODE_ENV: 'production', SIMULATED_PAYMENTS: 'true' })).toThrow(
      /SIMULATED_PAYMENTS cannot be used with NODE_ENV=production/,
    );
    expect(loadConfig({ ...SECRETS, NODE_ENV: 'production' }).simulatedPayments).toBe(false);
  });
});

describe('demo mode', () => {
  it('turns on the demo data and both simulators; each can be turned off', () => {
    const dir = dataDir();
    expect(loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dir })).toMatchObject({
      demo: true,
      seedDemo: true,
      simulatedSuppliers: true,
      simulatedPayments: true,
    });
    expect(
      loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dir, SIMULATED_PAYMENTS: 'false', SEED_DEMO: 'false' }),
    ).toMatchObject({ demo: true, seedDemo: false, simulatedSuppliers: true, simulatedPayments: false });
  });

  it('generates random secrets per data directory, stores them with mode 0600 and reuses them', () => {
    const dir = dataDir();
    const first = loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dir });
    const file = path.join(dir, DEMO_SECRETS_FILE);
    expect(first.secretsFile).toBe(file);
    expect(first.generatedSecrets).toEqual(['PARTNER_SSO_SECRET', 'PAYMENT_GATEWAY_SECRET']);
    expect(first.partnerSsoSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.paymentGatewaySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.partnerSsoSecret).not.toBe(first.paymentGatewaySecret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      PARTNER_SSO_SECRET: first.partnerSsoSecret,
      PAYMENT_GATEWAY_SECRET: first.paymentGatewaySecret,
    });
    // The next start of the same directory uses the same secrets (sessions, links, notifications).
    const again = loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dir });
    expect([again.partnerSsoSecret, again.paymentGatewaySecret]).toEqual([
      first.partnerSsoSecret,
      first.paymentGatewaySecret,
    ]);
    // Another data directory has secrets of its own.
    const other = loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dataDir() });
    expect(other.partnerSsoSecret).not.toBe(first.partnerSsoSecret);
    expect(other.paymentGatewaySecret).not.toBe(first.paymentGatewaySecret);
  });

  it('uses a secret given in the environment and generates only the other one', () => {
    const dir = dataDir();
    const config = loadConfig({
      PORTAL_DEMO: 'true',
      DATA_DIR: dir,
      PARTNER_SSO_SECRET: SECRETS.PARTNER_SSO_SECRET,
    });
    expect(config.partnerSsoSecret).toBe(SECRETS.PARTNER_SSO_SECRET);
    expect(config.generatedSecrets).toEqual(['PAYMENT_GATEWAY_SECRET']);
    const stored = JSON.parse(fs.readFileSync(path.join(dir, DEMO_SECRETS_FILE), 'utf8'));
    expect(stored).toEqual({ PAYMENT_GATEWAY_SECRET: config.paymentGatewaySecret });
    // Both given: no file at all.
    const given = dataDir();
    expect(loadConfig({ ...SECRETS, PORTAL_DEMO: 'true', DATA_DIR: given }).secretsFile).toBeUndefined();
    expect(fs.existsSync(path.join(given, DEMO_SECRETS_FILE))).toBe(false);
  });

  it('refuses the published demo values in the demo too, given or stored', () => {
    const dir = dataDir();
    expect(() =>
      loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dir, PARTNER_SSO_SECRET: 'demo-partner-secret' }),
    ).toThrow(/PARTNER_SSO_SECRET: is a published demo value/);
    fs.writeFileSync(
      path.join(dir, DEMO_SECRETS_FILE),
      JSON.stringify({ PARTNER_SSO_SECRET: 'x'.repeat(32), PAYMENT_GATEWAY_SECRET: 'demo-gateway-secret' }),
    );
    expect(() => loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dir })).toThrow(
      /secrets\.json: PAYMENT_GATEWAY_SECRET: is a published demo value/,
    );
  });

  it('narrows a stored file readable by others to mode 0600', () => {
    const dir = dataDir();
    const file = path.join(dir, DEMO_SECRETS_FILE);
    const stored = { PARTNER_SSO_SECRET: 'a'.repeat(32), PAYMENT_GATEWAY_SECRET: 'b'.repeat(32) };
    fs.writeFileSync(file, JSON.stringify(stored), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const config = loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dir });
    expect(config.partnerSsoSecret).toBe(stored.PARTNER_SSO_SECRET);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('Stripe card payments', () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_test_51AbCdEfGhIjKlMnOpQr',
    STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF',
  };

  it('is off by default, in the demo too: no key, no provider', () => {
    expect(loadConfig(SECRETS).stripe).toBeUndefined();
    expect(loadConfig({ PORTAL_DEMO: 'true', DATA_DIR: dataDir() }).stripe).toBeUndefined();
  });

  it('is on with a key and a webhook secret, labelled test mode for a sk_test_ key', () => {
    const config = loadConfig({ ...SECRETS, ...STRIPE, STRIPE_API_HOST: 'http://127.0.0.1:12111' });
    expect(config.stripe).toEqual({
      secretKey: STRIPE.STRIPE_SECRET_KEY,
      webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
      apiHost: 'http://127.0.0.1:12111',
      testMode: true,
    });
    const live = loadConfig({ ...SECRETS, ...STRIPE, STRIPE_SECRET_KEY: 'sk_live_51AbCdEfGhIjKlMnOpQr' });
    expect(live.stripe).toMatchObject({ testMode: false, apiHost: undefined });
  });

  it('refuses one secret without the other, and values that are not Stripe secrets', () => {
    expect(() => loadConfig({ ...SECRETS, STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...SECRETS, STRIPE_WEBHOOK_SECRET: STRIPE.STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({ ...SECRETS, ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_51AbCdEfGhIjKlMnOpQr' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...SECRETS, ...STRIPE, STRIPE_WEBHOOK_SECRET: 'whsec_short' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...SECRETS, ...STRIPE, STRIPE_API_HOST: 'ftp://x y' })).toThrow(
      /STRIPE_API_HOST/,
    );
  });

  it('sends the payer back to PUBLIC_URL, by default the address it listens on', () => {
    expect(loadConfig(SECRETS).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ ...SECRETS, PUBLIC_URL: 'https://portal.example' }).publicUrl).toBe(
      'https://portal.example',
    );
  });
});
