/**
 * The platform back office's admins, for the portal's operators (docs/platform.md):
 *
 *   npm run platform -- create-admin <username> [--permissions finance,support]
 *   npm run platform -- disable-admin <username>
 *
 * `create-admin` prints the generated password and the TOTP secret with its otpauth URI once.
 * Reads the server's database settings only: DATABASE_URL, else the PGlite data in DATA_DIR
 * (default ./.data; stop the server first then, PGlite has one process at a time). The database
 * is migrated first, as the server would.
 */
import path from 'node:path';
import { API_ROOT } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { runPlatformCommand } from '../src/modules/platform-admin/platform-command';
import { createPasswordHasher } from '../src/modules/users/password';

async function main(): Promise<void> {
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(path.resolve(process.env.DATA_DIR || './.data'), 'pglite'),
  });
  try {
    await database.migrate(path.join(API_ROOT, 'drizzle'));
    process.exitCode = await runPlatformCommand(process.argv.slice(2), {
      db: database.db,
      hasher: createPasswordHasher(false),
      now: () => new Date(),
      print: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`platform: ${String(error)}`);
  process.exitCode = 1;
});
