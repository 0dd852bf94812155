import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { startJobRunner } from './platform/jobs';
import { createPasswordHasher } from './modules/users/password';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-data';
import { BUSINESS_USERS } from './seed/business-people';
import { seedBaseData, seedDemo } from './seed/seed';
import { DEMO_PLATFORM_ADMINS, seedDemoPlatformAdmins } from './seed/platform-admins';
import { mailBanner } from './modules/notifications/mailer';

async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  let closing = false;
  const app = await (async () => {
    try {
      await database.migrate(config.migrationsDir);
      await seedBaseData(database.db);
      if (config.seedDemo) {
        // The demo shows a quarter of an agency's business, ending now (tests seed without it).
        await seedDemo(
          database.db,
          createPasswordHasher(config.fastPasswordHashing).hash,
          config.seedDemoBusiness ? { business: { now: new Date() } } : {},
        );
      }
      // Demo mode only (PORTAL_DEMO): the two platform admins of docs/platform.md.
      await seedDemoPlatformAdmins(database.db, config, createPasswordHasher(config.fastPasswordHashing));
      return await buildApp({ config, database });
    } catch (error) {
      await database.close();
      throw error;
    }
  })();

  // Background jobs (ticketing, payment deadlines); JOBS_POLL_MS=0 turns them off.
  const stopJobs =
    config.jobsPollMs > 0
      ? startJobRunner(
          (at) => app.runDueJobs(at),
          config.jobsPollMs,
          (err) => app.log.error({ err }, 'jobs failed'),
        )
      : async () => {};

  installLastNet(app.log);

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await stopJobs();
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const lines = [
    '',
    `TripBridge portal running at ${url}`,
    `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
    fs.existsSync(path.join(config.webDist, 'index.html'))
      ? `Web app: ${config.webDist}`
      : `Web app not built (${config.webDist} missing): only the API is served`,
    mailBanner(config),
  ];
  lines.push('', ...modeLines(config));
  if (config.seedDemo) {
    lines.push('', `Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of [...DEMO_USERS, ...BUSINESS_USERS])
      lines.push(`  ${u.username.padEnd(11)} ${u.description}`);
  }
  if (config.demo) {
    lines.push('', 'Demo platform back office (/platform; TOTP secrets in docs/platform.md):');
    for (const a of DEMO_PLATFORM_ADMINS) lines.push(`  ${a.username} / ${a.password}: ${a.description}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * The last net: an error that escaped every handler (a promise nobody awaited, a throw in an event
 * listener) is logged and the server keeps serving, so that no request, whatever its bytes, ends
 * the process for everyone. Nothing is meant to reach it: each such line is a bug to fix where it
 * happened (the OCR, for one, is supervised in `ocr-pool.ts` and `mrz-reader.ts`), and tests check
 * that their requests never reach it.
 */
function installLastNet(log: { error(details: object, message: string): void }): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'last net: unhandled promise rejection; still serving');
  });
  process.on('uncaughtException', (err) => {
    log.error({ err }, 'last net: uncaught exception; still serving');
  });
}

/** What the banner says about demo mode: each thing it turned on, or that it is off. */
function modeLines(config: AppConfig): string[] {
  const on = (flag: boolean) => (flag ? 'on' : 'off');
  const features = [
    `  demo agencies and users (SEED_DEMO): ${on(config.seedDemo)}`,
    `  simulated flight suppliers (SIMULATED_SUPPLIERS): ${on(config.simulatedSuppliers)}`,
    `  simulated payment channels (card checkouts, QR wallets), pay without money (SIMULATED_PAYMENTS): ${on(config.simulatedPayments)}`,
    // Real tickets: the banner says which Duffel environment the token is for, never the token.
    config.duffel
      ? `  Duffel flight supplier (DUFFEL_ACCESS_TOKEN), ${config.duffel.accessToken.startsWith('duffel_test_') ? 'test mode' : 'live'}, at ${config.duffel.baseUrl}: on`
      : '  Duffel flight supplier (DUFFEL_ACCESS_TOKEN): off',
    `  Stripe card payments (STRIPE_SECRET_KEY)${config.stripe?.testMode ? ', test mode' : ''}: ${on(config.stripe !== undefined)}`,
  ];
  if (config.secretsFile) {
    features.push(`  secrets generated for this data directory: ${config.generatedSecrets.join(', ')}`);
    features.push(`    kept in ${config.secretsFile}`);
  }
  return config.demo
    ? ['DEMO MODE (PORTAL_DEMO=true), not for real customers:', ...features]
    : ['Demo mode off.', ...features.filter((line) => line.endsWith(': on'))];
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
