import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { journalEntries } from './wallet.schema';
import { setCreditLimit } from './set-credit-limit';
import { OPENING_BALANCE_DESCRIPTION, topUp } from './top-up';

/** Demo wallets, in minor units (CNY has 2 digits). */
export const DEMO_WALLETS = [
  { agencyId: 1, currency: 'CNY', balanceMinor: 5_000_000, creditLimitMinor: 1_000_000 },
  { agencyId: 2, currency: 'CNY', balanceMinor: 500_000, creditLimitMinor: 0 },
  { agencyId: 3, currency: 'CNY', balanceMinor: 1_000_000, creditLimitMinor: 0 },
  { agencyId: 222, currency: 'CNY', balanceMinor: 2_000_000, creditLimitMinor: 0 },
] as const;

/**
 * Gives the demo agencies their wallets through top-up entries (and a credit limit where set).
 * Does nothing when any top-up exists.
 */
export async function seedDemoWallets(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'top-up'))
      .limit(1);
    if (existing) return;
    for (const w of DEMO_WALLETS) {
      await topUp(tx, {
        agencyId: w.agencyId,
        currency: w.currency,
        amountMinor: w.balanceMinor,
        reference: `DEMO-OPENING-${w.agencyId}`,
        description: OPENING_BALANCE_DESCRIPTION,
        meta: { exchangeRate: '1', transactionFeePercent: '0' },
      });
      if (w.creditLimitMinor > 0) {
        await setCreditLimit(tx, {
          agencyId: w.agencyId,
          currency: w.currency,
          creditLimitMinor: w.creditLimitMinor,
        });
      }
    }
  });
}
