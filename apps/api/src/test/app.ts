import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { API_ROOT, loadConfig, type AppConfig } from '../platform/config';
import { openDatabase, type Database, type OpenOptions } from '../platform/db';
import { createPasswordHasher } from '../modules/users/password';
import { seedBaseData, seedDemo } from '../seed/seed';

const MIGRATIONS = path.join(API_ROOT, 'drizzle');
const hasher = createPasswordHasher(true);
let demoHash: Promise<string> | undefined;
let pgliteStart: Promise<NonNullable<OpenOptions['pgliteOptions']>> | undefined;

/**
 * What an in-memory PGlite starts from: the migrated data directory dumped by global-setup.ts, and
 * PGlite's WebAssembly compiled once per worker (files share this module with `isolate: false`).
 */
async function loadPgliteStart(): Promise<NonNullable<OpenOptions['pgliteOptions']>> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const read = (file: string) => fs.readFileSync(path.join(dist, file));
  // Node's global; the API's TypeScript libs declare only the WebAssembly types.
  const wasm = (globalThis as unknown as { WebAssembly: { compile(b: Buffer): Promise<WebAssembly.Module> } })
    .WebAssembly;
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    wasm.compile(read('pglite.wasm')),
    wasm.compile(read('initdb.wasm')),
  ]);
  return {
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: new Blob([read('pglite.data')]),
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]),
  };
}

export const usePostgres = process.env.TEST_DB === 'pg';

/** Copies the migrations with their `"public".` references pointed at `schema`. */
function migrationsFor(schema: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
    const full = path.join(dir, file);
    fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replaceAll('"public".', `"${schema}".`));
  }
  return dir;
}

/**
 * A fresh, migrated database: in-memory PGlite, or (TEST_DB=pg) a new schema on
 * TEST_DATABASE_URL that `dispose` drops again.
 */
export async function createTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (!usePostgres) {
    pgliteStart ??= loadPgliteStart();
    const database = await openDatabase({ pgliteOptions: await pgliteStart });
    // Migrated already (global-setup.ts): this only checks that nothing is left to apply.
    await database.migrate(MIGRATIONS);
    return { database, dispose: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const dir = migrationsFor(schema);
  const database = await openDatabase({
    databaseUrl: url,
    pgOptions: { options: `-c search_path=${schema}` },
  });
  await database.migrate(dir, schema);
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    database,
    async dispose() {
      await database.close();
      await admin.query(`drop schema "${schema}" cascade`);
      await admin.end();
    },
  };
}

/** Empties every table and seeds the demo data again. */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(
      'truncate table jobs, solutions, search_suppliers, searches, look_to_book, user_logs, login_failures, sessions, sso_nonces, platform_audit_log, platform_sessions, platform_users, users, agencies, exchange_rates, exchange_rate_history, site_settings, notifications, outbound_messages restart identity cascade',
    ),
  );
  demoHash ??= hasher.hash('demo1234');
  const hash = await demoHash;
  await seedBaseData(database.db);
  await seedDemo(database.db, async () => hash);
}

/** The secrets of `testConfig`: tests sign partner links and gateway notifications with them. */
export const TEST_SECRETS = {
  partnerSso: 'test-partner-sso-secret-0123456789',
  paymentGateway: 'test-payment-gateway-secret-0123456789',
} as const;

/** Settings of the test apps: not the demo, with its own secrets and the simulators on. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'portal-api-test'),
    WEB_DIST: path.join(os.tmpdir(), 'portal-no-web-dist'),
    LOGIN_RATE_LIMIT_MAX: '1000',
    SUPPLIER_LATENCY_SCALE: '0',
    // Tests change agency settings straight in the database; session-cache.test.ts turns the cache on.
    SESSION_CACHE_MS: '0',
    PARTNER_SSO_SECRET: TEST_SECRETS.partnerSso,
    PAYMENT_GATEWAY_SECRET: TEST_SECRETS.paymentGateway,
    SIMULATED_SUPPLIERS: 'true',
    SIMULATED_PAYMENTS: 'true',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Builds another app on the same database (e.g. with other settings); closed after the file. */
  build(
    env?: Record<string, string>,
    now?: () => Date,
    options?: Pick<BuildAppOptions, 'limits' | 'logStream' | 'ratesFeed'>,
  ): Promise<FastifyInstance>;
}

/** The database each test app was built on (`databaseOf`). */
const appDatabases = new WeakMap<FastifyInstance, Database>();

/** The database a test app of `useTestApp` runs on (test helpers that write rows directly). */
export function databaseOf(app: FastifyInstance): Database {
  const database = appDatabases.get(app);
  if (!database) throw new Error('not an app of useTestApp');
  return database;
}

/** One database per test file, reset and re-seeded before each test; `t.app` uses default settings. */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const extra: FastifyInstance[] = [];
  let dispose: (() => Promise<void>) | undefined;
  const t = {} as TestApp;
  beforeAll(async () => {
    const created = await createTestDatabase();
    dispose = created.dispose;
    t.database = created.database;
    t.build = async (more = {}, now, options = {}) => {
      const app = await buildApp({
        ...options,
        config: testConfig({ ...env, ...more }),
        database: created.database,
        now,
      });
      extra.push(app);
      appDatabases.set(app, created.database);
      return app;
    };
    t.app = await t.build();
  }, 60_000);
  beforeEach(async () => {
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    for (const app of extra) await app.close();
    await dispose?.();
  });
  return t;
}

/** The parsed JSON envelope of a response. */
export function body<T = unknown>(res: LightMyRequestResponse): { code: number; data: T; message: string } {
  return res.json();
}

export async function login(
  app: FastifyInstance,
  username = 'admin',
  password = 'demo1234',
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/base/v2/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return body<{ token: string }>(res).data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
