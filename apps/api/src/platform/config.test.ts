import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 12,
      loginRateLimitMax: 10,
      partnerSsoSecret: 'demo-partner-secret',
      partnerSsoSecretIsDefault: true,
      seedDemo: true,
      databaseUrl: undefined,
      frameAncestors: ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'],
    });
    expect(config.webDist).toBe(path.resolve(API_ROOT, '..', 'web', 'dist'));
    expect(fs.existsSync(path.join(config.migrationsDir, 'meta', '_journal.json'))).toBe(true);
  });

  it('reads overrides and refuses bad values', () => {
    expect(loadConfig({ PORT: '9000', SEED_DEMO: 'false', WEB_DIST: '/srv/web' })).toMatchObject({
      port: 9000,
      seedDemo: false,
      webDist: '/srv/web',
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses the test hooks in production', () => {
    expect(loadConfig({ ENABLE_TEST_HOOKS: 'true' }).enableTestHooks).toBe(true);
    expect(() => loadConfig({ ENABLE_TEST_HOOKS: 'true', NODE_ENV: 'production' })).toThrow(
      /ENABLE_TEST_HOOKS/,
    );
  });
});
