import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, found from this module's file; works from `src/platform` and from `dist/`. */
function findApiRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/platform/config.ts -> apps/api ; dist/server.js -> apps/api
  return path.basename(here) === 'dist' ? path.resolve(here, '..') : path.resolve(here, '..', '..');
}

export const API_ROOT = findApiRoot();
export const REPO_ROOT = path.resolve(API_ROOT, '..', '..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  LOGIN_IP_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/]+(\s*,\s*[\w.:/]+)*$/, "true, false, or the proxies' addresses/CIDRs")
    .transform((v) => (v === 'true' || v === 'yes' ? true : v === 'false' || v === 'no' ? false : v))
    .default(false),
  PARTNER_SSO_SECRET: z.string().min(8).default('demo-partner-secret'),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
  MIGRATIONS_DIR: z.string().min(1).default(path.join(API_ROOT, 'drizzle')),
  SEED_DEMO: booleanFlag.default(true),
  SUPPLIER_LATENCY_SCALE: z.coerce.number().min(0).max(100).default(1),
  SUPPLIER_SEED: z.string().min(1).max(64).default('portal'),
  ENABLE_TEST_HOOKS: booleanFlag.default(false),
  PAYMENT_GATEWAY_SECRET: z.string().min(8).default('demo-gateway-secret'),
  TIME_SCALE: z.coerce.number().min(1).max(3600).default(1),
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  FRAME_ANCESTORS: z.string().min(1).default("'self' http://127.0.0.1:* http://localhost:*"),
  TESSDATA_DIR: z
    .string()
    .min(1)
    .default(path.join(API_ROOT, 'assets', 'tessdata')),
});

export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  loginRateLimitMax: number;
  /** Failed login attempts per client address, across usernames, per 15 minutes. */
  loginIpRateLimitMax: number;
  /** Fastify's `trustProxy`: whose X-Forwarded-For/-Proto to believe (false: nobody's). */
  trustProxy: boolean | string;
  partnerSsoSecret: string;
  /** True when the secret is the public demo default (warn about it in production). */
  partnerSsoSecretIsDefault: boolean;
  webDist: string;
  migrationsDir: string;
  seedDemo: boolean;
  frameAncestors: string[];
  /** Multiplies the simulated suppliers' latencies (0 in unit tests). */
  supplierLatencyScale: number;
  /** Seed of the simulated suppliers' offers. */
  supplierSeed: string;
  /** Registers the test-only routes under /__test (supplier fault knobs); never in production. */
  enableTestHooks: boolean;
  /** HMAC-SHA256 key of the simulated payment gateway's notifications. */
  paymentGatewaySecret: string;
  /** Divides background job delays (ticketing) for demos: 60 turns an hour into a minute. */
  timeScale: number;
  /** How often the server runs due jobs, ms; 0 turns the runner off. */
  jobsPollMs: number;
  /** Cheap argon2 parameters for tests; never in production. */
  fastPasswordHashing: boolean;
  /** Folder of `mrz.traineddata` (passport reading); default `apps/api/assets/tessdata`. */
  tessdataDir: string;
}

/** Reads the configuration from the environment (or a given record); throws a readable error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const e = result.data;
  if (e.NODE_ENV === 'production' && e.ENABLE_TEST_HOOKS) {
    // The hooks let anyone change supplier behaviour; a production server must never expose them.
    throw new Error('Invalid configuration: ENABLE_TEST_HOOKS cannot be used with NODE_ENV=production');
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    loginRateLimitMax: e.LOGIN_RATE_LIMIT_MAX,
    loginIpRateLimitMax: e.LOGIN_IP_RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    partnerSsoSecret: e.PARTNER_SSO_SECRET,
    partnerSsoSecretIsDefault: e.PARTNER_SSO_SECRET === 'demo-partner-secret',
    webDist: path.resolve(e.WEB_DIST),
    migrationsDir: path.resolve(e.MIGRATIONS_DIR),
    seedDemo: e.SEED_DEMO,
    frameAncestors: e.FRAME_ANCESTORS.split(/\s+/).filter(Boolean),
    supplierLatencyScale: e.SUPPLIER_LATENCY_SCALE,
    supplierSeed: e.SUPPLIER_SEED,
    enableTestHooks: e.ENABLE_TEST_HOOKS,
    paymentGatewaySecret: e.PAYMENT_GATEWAY_SECRET,
    timeScale: e.TIME_SCALE,
    jobsPollMs: e.JOBS_POLL_MS,
    fastPasswordHashing: e.NODE_ENV === 'test',
    tessdataDir: path.resolve(e.TESSDATA_DIR),
  };
}
