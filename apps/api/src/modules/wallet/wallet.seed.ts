import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { agencies as agencyTable } from '../agencies/index';
import { journalEntries } from './wallet.schema';
import { setCreditLimit } from './set-credit-limit';
import { OPENING_BALANCE_DESCRIPTION, topUp } from './top-up';
import { transfer } from './transfer';

/** Demo wallets, in minor units (CNY has 2 digits). */
export const DEMO_WALLETS = [
  { agencyId: 1, currency: 'CNY', balanceMinor: 5_000_000, creditLimitMinor: 1_000_000 },
  { agencyId: 2, currency: 'CNY', balanceMinor: 500_000, creditLimitMinor: 0 },
  { agencyId: 3, currency: 'CNY', balanceMinor: 1_000_000, creditLimitMinor: 0 },
  { agencyId: 222, currency: 'CNY', balanceMinor: 2_000_000, creditLimitMinor: 0 },
] as const;

/**
 * Gives the demo agencies their wallets the way money enters: the platform funds the top-level
 * agencies (`topUp`, with a bank reference), each parent transfers to its sub-agencies
 * (`transfer`; the parent is funded for it first, so every wallet ends at its `balanceMinor`),
 * and credit limits are set top-down (a sub-agency's is lent by its parent). Does nothing when any
 * top-up exists. `openedAt` dates the entries (the demo's history starts a quarter ago); default now.
 */
export async function seedDemoWallets(db: Db, openedAt?: Date): Promise<void> {
  const postedAt = openedAt ? { postedAt: openedAt } : {};
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.kind, 'top-up'))
      .limit(1);
    if (existing) return;
    const agencies = await tx
      .select({ id: agencyTable.id, parentId: agencyTable.parentId })
      .from(agencyTable);
    const parentOf = new Map(agencies.map((a) => [a.id, a.parentId]));
    const handedDown = (id: number) =>
      DEMO_WALLETS.filter((w) => parentOf.get(w.agencyId) === id).reduce((n, w) => n + w.balanceMinor, 0);
    const opening = { exchangeRate: '1', transactionFeePercent: '0' };
    for (const w of DEMO_WALLETS) {
      const parentId = parentOf.get(w.agencyId) ?? null;
      if (parentId !== null) continue;
      await topUp(tx, {
        agencyId: w.agencyId,
        currency: w.currency,
        amountMinor: w.balanceMinor + handedDown(w.agencyId),
        reference: `DEMO-OPENING-${w.agencyId}`,
        description: OPENING_BALANCE_DESCRIPTION,
        meta: opening,
        ...postedAt,
      });
    }
    for (const w of DEMO_WALLETS) {
      const parentId = parentOf.get(w.agencyId) ?? null;
      if (parentId === null) continue;
      await transfer(tx, {
        fromAgencyId: parentId,
        toAgencyId: w.agencyId,
        currency: w.currency,
        amountMinor: w.balanceMinor,
        reference: `DEMO-OPENING-${w.agencyId}`,
        meta: opening,
        ...postedAt,
      });
    }
    for (const w of DEMO_WALLETS) {
      if (w.creditLimitMinor > 0) {
        await setCreditLimit(tx, {
          agencyId: w.agencyId,
          currency: w.currency,
          creditLimitMinor: w.creditLimitMinor,
          ...postedAt,
        });
      }
    }
  });
}
