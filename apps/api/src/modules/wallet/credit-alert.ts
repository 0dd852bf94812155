import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { agencies } from '../agencies/index';
import { notifyAgencyEvent } from '../notifications/index';
import { fromMinor } from './money';
import type { LedgerAccountRow } from './wallet.schema';

/** A wallet's available amount (balance + credit limit) before and after one change, minor units. */
export interface AvailableChange {
  account: Pick<LedgerAccountRow, 'agencyId' | 'currency' | 'kind'>;
  beforeMinor: number;
  afterMinor: number;
}

/** The agency's credit alert threshold in minor units, or null when it has none (off). */
function thresholdOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** True when a change crosses `threshold` downwards: from at or above it to below it. */
export function crossesBelow(beforeMinor: number, afterMinor: number, threshold: number): boolean {
  return beforeMinor >= threshold && afterMinor < threshold;
}

/**
 * The credit alert (issue: "once per crossing"): called by the ledger inside the transaction that
 * changes a wallet, while it holds the wallet's row lock, with the available amount before and
 * after. When the agency's `creditAlertThreshold` (minor units of its settlement currency; absent,
 * null or not a whole number = off) is crossed downwards, one in-app notice per SuperUser and
 * finance user and one e-mail are recorded in that transaction (`notifyAgencyEvent`); the e-mail
 * is sent later by its job, outside any transaction. The lock serializes concurrent debits, so
 * exactly one of them sees the crossing; no other alert goes out until a credit lifts the amount
 * back to the threshold or above and a later debit crosses it again. A rolled-back posting
 * leaves no alert.
 */
export async function alertOnCrossing(tx: Db, change: AvailableChange, at?: Date): Promise<void> {
  const { account, beforeMinor, afterMinor } = change;
  if (account.kind !== 'agency_wallet' || afterMinor >= beforeMinor) return;
  const [agency] = await tx
    .select({ commonConfig: agencies.commonConfig })
    .from(agencies)
    .where(eq(agencies.id, account.agencyId))
    .limit(1);
  if (!agency || agency.commonConfig.settlementCurrency !== account.currency) return;
  const threshold = thresholdOf(agency.commonConfig.creditAlertThreshold);
  if (threshold === null || !crossesBelow(beforeMinor, afterMinor, threshold)) return;
  await notifyAgencyEvent(tx, {
    kind: 'wallet.credit_low',
    agencyId: account.agencyId,
    params: {
      currency: account.currency,
      available: fromMinor(afterMinor, account.currency),
      threshold: fromMinor(threshold, account.currency),
    },
    ...(at ? { at } : {}),
  });
}
