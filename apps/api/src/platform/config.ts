import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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

/** The secrets the server signs or checks with; none has a default (the demo generates them). */
export const SECRET_VARIABLES = ['PARTNER_SSO_SECRET', 'PAYMENT_GATEWAY_SECRET'] as const;
export type SecretVariable = (typeof SECRET_VARIABLES)[number];
/** The shortest secret accepted (a generated one is 64 hex characters). */
export const MIN_SECRET_LENGTH = 16;
/** Strings once shipped as defaults and so public: refused everywhere, demo included. */
const PUBLIC_SECRETS: readonly string[] = ['demo-partner-secret', 'demo-gateway-secret'];
/** Where the demo keeps the secrets it generated, inside DATA_DIR. */
export const DEMO_SECRETS_FILE = 'secrets.json';

const Secret = z
  .string()
  .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
  .refine((s) => !PUBLIC_SECRETS.includes(s), 'is a published demo value; set a secret of your own');

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  LOGIN_IP_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  REQUEST_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  ORDER_LIST_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  ORDER_TEXT_SEARCHES_AT_ONCE: z.coerce.number().int().min(1).max(64).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/]+(\s*,\s*[\w.:/]+)*$/, "true, false, or the proxies' addresses/CIDRs")
    .transform((v) => (v === 'true' || v === 'yes' ? true : v === 'false' || v === 'no' ? false : v))
    .default(false),
  PORTAL_DEMO: booleanFlag.default(false),
  PARTNER_SSO_SECRET: Secret.optional(),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
  MIGRATIONS_DIR: z.string().min(1).default(path.join(API_ROOT, 'drizzle')),
  SEED_DEMO: booleanFlag.optional(),
  SEED_DEMO_BUSINESS: booleanFlag.optional(),
  SIMULATED_SUPPLIERS: booleanFlag.optional(),
  SIMULATED_PAYMENTS: booleanFlag.optional(),
  SUPPLIER_LATENCY_SCALE: z.coerce.number().min(0).max(100).default(1),
  SUPPLIER_SEED: z.string().min(1).max(64).default('portal'),
  ENABLE_TEST_HOOKS: booleanFlag.default(false),
  PAYMENT_GATEWAY_SECRET: Secret.optional(),
  TIME_SCALE: z.coerce.number().min(1).max(3600).default(1),
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  IDEMPOTENCY_STALE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  FRAME_ANCESTORS: z.string().min(1).default("'self' http://127.0.0.1:* http://localhost:*"),
  TESSDATA_DIR: z
    .string()
    .min(1)
    .default(path.join(API_ROOT, 'assets', 'tessdata')),
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('TripBridge <no-reply@tripbridge.example>'),
  SALES_EMAIL: z.email().max(254).default('sales@tripbridge.example'),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.optional(),
  DUFFEL_ACCESS_TOKEN: z
    .string()
    .regex(/^duffel_(test|live)_[\w-]{8,}$/, 'must be a Duffel access token (duffel_test_… or duffel_live_…)')
    .optional(),
  DUFFEL_BASE_URL: z.string().url().default('https://api.duffel.com'),
  DUFFEL_WEBHOOK_SECRET: Secret.optional(),
  PUBLIC_URL: z.url().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{16,}$/,
      'must be a Stripe secret key (sk_test_... or sk_live_...)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]{16,}$/, "must be the webhook endpoint's signing secret (whsec_...)")
    .optional(),
  STRIPE_API_HOST: z
    .string()
    .regex(/^(https?:\/\/)?[\w.-]+(:\d{1,5})?\/?$/, 'a host, with its protocol and port if not https:443')
    .optional(),
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
  /** Failed password checks of one account (any address) before each further check waits 2, 4, 8 … s. */
  loginRateLimitMax: number;
  /** Failures from one client address in 15 minutes after which the usernames that failed there are refused there. */
  loginIpRateLimitMax: number;
  /** Multiplies the per-user and per-agency search, booking and upload limits (browser tests). */
  requestLimitScale: number;
  /** How long a resolved session is reused per token, ms (0: every request reads the database). */
  sessionCacheMs: number;
  /**
   * The longest an order list or status count answer is reused, ms; database notifications and
   * this instance's writes drop it sooner (0: the cache is off).
   */
  orderListCacheMs: number;
  /**
   * How many order list searches for part of a text (a name, a ticket or flight number, part of a
   * booking number, a contact) this instance runs at once; the others wait their turn, so they
   * cannot take the cores from the pages and lookups beside them. Half the cores by default.
   */
  orderTextSearchesAtOnce: number;
  /** Fastify's `trustProxy`: whose X-Forwarded-For/-Proto to believe (false: nobody's). */
  trustProxy: boolean | string;
  /** Demo mode (PORTAL_DEMO): demo data, simulators and generated secrets unless set otherwise. */
  demo: boolean;
  partnerSsoSecret: string;
  /** The secrets the demo took from (or generated into) `secretsFile` because none was given. */
  generatedSecrets: SecretVariable[];
  /** `<DATA_DIR>/secrets.json` when some secret came from it, else undefined. */
  secretsFile: string | undefined;
  webDist: string;
  migrationsDir: string;
  seedDemo: boolean;
  /** With `seedDemo`: also a quarter of business ending now (`seed/business.ts`); off for tests that count from an empty start. */
  seedDemoBusiness: boolean;
  /** The three simulated flight suppliers; off: no supplier (default: demo mode). */
  simulatedSuppliers: boolean;
  /** The simulated payment channels (hosted checkouts, QR wallets) and their pages (default: demo mode). */
  simulatedPayments: boolean;
  frameAncestors: string[];
  /** Multiplies the simulated suppliers' latencies (0 in unit tests). */
  supplierLatencyScale: number;
  /** Seed of the simulated suppliers' offers. */
  supplierSeed: string;
  /** Registers the test-only routes under /__test (supplier fault knobs); never in production. */
  enableTestHooks: boolean;
  /** HMAC-SHA256 key of the payment gateway's notifications. */
  paymentGatewaySecret: string;
  /** Divides background job delays (ticketing) for demos: 60 turns an hour into a minute. */
  timeScale: number;
  /** How often the server runs due jobs, ms; 0 turns the runner off. */
  jobsPollMs: number;
  /** Seconds after which an unfinished `Idempotency-Key` claim (a crashed request) may be taken over. */
  idempotencyStaleSeconds: number;
  /** Cheap argon2 parameters for tests; never in production. */
  fastPasswordHashing: boolean;
  /** Folder of `mrz.traineddata` (passport reading); default `apps/api/assets/tessdata`. */
  tessdataDir: string;
  /** Order e-mails go through this SMTP server; unset: written as `.eml` files to `<dataDir>/outbox`. */
  smtpUrl: string | undefined;
  /** The From of order e-mails. */
  mailFrom: string;
  /** The platform's sales address: partnership enquiries from the home page are e-mailed here. */
  salesEmail: string;
  /** Webhooks may reach loopback and private addresses (default: demo mode and tests only). */
  webhookAllowPrivate: boolean;
  /**
   * The Duffel flight adapter (`src/adapters/duffel`): on when an access token is set (a
   * `duffel_test_…` token is Duffel's test mode), at `baseUrl`; its webhook is taken when a secret is set.
   */
  duffel: { accessToken: string; baseUrl: string; webhookSecret: string | undefined } | undefined;
  /** The portal's public origin (PUBLIC_URL): hosted payment pages send the payer back there. */
  publicUrl: string;
  /** Stripe card payments (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); undefined: off. */
  stripe: StripeConfig | undefined;
}

/** How the Stripe provider is reached; no part of it has a default but Stripe's own host. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_HOST (a local mock in tests); undefined: api.stripe.com. */
  apiHost: string | undefined;
  /** A `sk_test_` or `rk_test_` key: Stripe's test mode, no real money. */
  testMode: boolean;
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
  const demo = e.PORTAL_DEMO;
  const simulatedPayments = e.SIMULATED_PAYMENTS ?? demo;
  if (e.NODE_ENV === 'production' && (demo || simulatedPayments)) {
    // The simulated gateway marks orders paid without money; demo data has published passwords.
    throw new Error(
      `Invalid configuration: ${demo ? 'PORTAL_DEMO' : 'SIMULATED_PAYMENTS'} cannot be used with NODE_ENV=production`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const missing = SECRET_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length > 0 && !demo) {
    throw new Error(
      `Invalid configuration: ${missing.join(' and ')} must be set to a secret of at least ` +
        `${MIN_SECRET_LENGTH} characters (only the demo, PORTAL_DEMO=true, generates them)`,
    );
  }
  const secretsFile = missing.length > 0 ? path.join(dataDir, DEMO_SECRETS_FILE) : undefined;
  const stored = secretsFile ? demoSecrets(secretsFile, missing) : {};
  const secret = (name: SecretVariable): string => {
    const value = e[name] ?? stored[name];
    if (value === undefined) throw new Error(`Invalid configuration: ${name} is missing`);
    return value;
  };
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    loginRateLimitMax: e.LOGIN_RATE_LIMIT_MAX,
    loginIpRateLimitMax: e.LOGIN_IP_RATE_LIMIT_MAX,
    requestLimitScale: e.REQUEST_LIMIT_SCALE,
    sessionCacheMs: e.SESSION_CACHE_MS,
    orderListCacheMs: e.ORDER_LIST_CACHE_MS,
    orderTextSearchesAtOnce:
      e.ORDER_TEXT_SEARCHES_AT_ONCE ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
    trustProxy: e.TRUST_PROXY,
    demo,
    partnerSsoSecret: secret('PARTNER_SSO_SECRET'),
    generatedSecrets: missing,
    secretsFile,
    webDist: path.resolve(e.WEB_DIST),
    migrationsDir: path.resolve(e.MIGRATIONS_DIR),
    seedDemo: e.SEED_DEMO ?? demo,
    seedDemoBusiness: e.SEED_DEMO_BUSINESS ?? true,
    simulatedSuppliers: e.SIMULATED_SUPPLIERS ?? demo,
    simulatedPayments,
    frameAncestors: e.FRAME_ANCESTORS.split(/\s+/).filter(Boolean),
    supplierLatencyScale: e.SUPPLIER_LATENCY_SCALE,
    supplierSeed: e.SUPPLIER_SEED,
    enableTestHooks: e.ENABLE_TEST_HOOKS,
    paymentGatewaySecret: secret('PAYMENT_GATEWAY_SECRET'),
    timeScale: e.TIME_SCALE,
    jobsPollMs: e.JOBS_POLL_MS,
    idempotencyStaleSeconds: e.IDEMPOTENCY_STALE_SECONDS,
    fastPasswordHashing: e.NODE_ENV === 'test',
    tessdataDir: path.resolve(e.TESSDATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? (demo || e.NODE_ENV === 'test'),
    duffel: e.DUFFEL_ACCESS_TOKEN
      ? {
          accessToken: e.DUFFEL_ACCESS_TOKEN,
          baseUrl: e.DUFFEL_BASE_URL,
          webhookSecret: e.DUFFEL_WEBHOOK_SECRET,
        }
      : undefined,
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`,
    stripe: stripeConfig(e),
  };
}

/** Stripe is on when its secret key is set, and then needs its webhook secret too (never a default). */
function stripeConfig(e: z.infer<typeof EnvSchema>): StripeConfig | undefined {
  const key = e.STRIPE_SECRET_KEY;
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET;
  if (key === undefined && webhookSecret === undefined) return undefined;
  if (key === undefined || webhookSecret === undefined) {
    throw new Error(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together (Stripe is off without both)',
    );
  }
  return { secretKey: key, webhookSecret, apiHost: e.STRIPE_API_HOST, testMode: /^(sk|rk)_test_/.test(key) };
}

const StoredSecrets = z.partialRecord(z.enum(SECRET_VARIABLES), Secret);
type StoredSecrets = z.infer<typeof StoredSecrets>;

/**
 * The demo's secrets of one data directory: read from `file`, and those of `wanted` it lacks
 * generated at random and written back (mode 0600, created atomically so two starts agree).
 */
function demoSecrets(file: string, wanted: readonly SecretVariable[]): StoredSecrets {
  const read = (): StoredSecrets | undefined => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const parsed = StoredSecrets.safeParse(JSON.parse(text));
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid configuration: ${file}: ${detail}`);
    }
    return parsed.data;
  };
  const existing = read() ?? {};
  if (wanted.every((name) => existing[name] !== undefined)) {
    // Copied in with a wider mode: only the server's user may read the secrets.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return existing;
  }
  const complete: StoredSecrets = { ...existing };
  for (const name of wanted) complete[name] ??= crypto.randomBytes(32).toString('hex');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, `${JSON.stringify(complete, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (Object.keys(existing).length === 0) {
      // First start: link fails if another process created the file meanwhile; use theirs.
      try {
        fs.linkSync(temporary, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return demoSecrets(file, wanted);
      }
    } else {
      fs.renameSync(temporary, file);
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return complete;
}
