/**
 * The platform's funding of a TOP-LEVEL agency, for operators (no SQL): money received from the
 * agency, against its bank reference, credited to its wallet (platform_cash -> agency_wallet), and
 * optionally its credit limit (a top-level agency's credit line is the platform's to give).
 *
 *   npx tsx apps/api/scripts/fund-agency.ts --agency 1 --currency CNY --amount 50000.00 --reference BANK-2026-0001
 *   npx tsx apps/api/scripts/fund-agency.ts --agency 1 --currency CNY --credit 10000.00
 *
 * Reads the server's database settings only: DATABASE_URL, else the PGlite data in DATA_DIR
 * (default ./.data; stop the server first then, PGlite has one process at a time). A sub-agency is refused: its parent
 * tops it up from its own wallet (`POST /base/v2/agencies/{id}/balance`). A reference already
 * credited to the agency is refused with the earlier entry named.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/platform/db';
import { AppError } from '../src/platform/errors';
import { toMinor } from '../src/modules/wallet/money';
import { setCreditLimit } from '../src/modules/wallet/set-credit-limit';
import { topUp } from '../src/modules/wallet/top-up';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      agency: { type: 'string' },
      currency: { type: 'string' },
      amount: { type: 'string' },
      reference: { type: 'string' },
      credit: { type: 'string' },
    },
  });
  const agencyId = Number(values.agency);
  const currency = values.currency?.toUpperCase();
  if (!Number.isSafeInteger(agencyId) || !currency || (!values.amount && values.credit === undefined)) {
    throw new Error(
      'usage: --agency <id> --currency <code> (--amount <decimal> --reference <bank ref>) [--credit <decimal>]',
    );
  }
  if (values.amount && !values.reference?.trim())
    throw new Error('--amount needs --reference (the bank reference)');
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(path.resolve(process.env.DATA_DIR || './.data'), 'pglite'),
  });
  try {
    await database.db.transaction(async (tx) => {
      if (values.amount && values.reference) {
        const entryId = await topUp(tx, {
          agencyId,
          currency,
          amountMinor: toMinor(values.amount, currency),
          reference: values.reference.trim(),
          meta: { exchangeRate: '1', transactionFeePercent: '0', amountReceived: values.amount },
        });
        console.log(`funded agency ${agencyId} with ${values.amount} ${currency}: entry ${entryId}`);
      }
      if (values.credit !== undefined) {
        await setCreditLimit(tx, { agencyId, currency, creditLimitMinor: toMinor(values.credit, currency) });
        console.log(`credit limit of agency ${agencyId} set to ${values.credit} ${currency}`);
      }
    });
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const detail =
    error instanceof AppError ? `${error.errorName} ${JSON.stringify(error.params ?? {})}` : String(error);
  console.error(`fund-agency: ${detail}`);
  process.exitCode = 1;
});
