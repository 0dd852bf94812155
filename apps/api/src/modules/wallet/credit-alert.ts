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

/** What the credit alert needs of a wallet's agency: its settlement currency and threshold. */
export interface AlertSettings {
  settlementCurrency?: unknown;
  creditAlertThreshold?: unknown;
}

/** The agency's alert settings (its `commonConfig`), or undefined when there is no such agency. */
async function settingsOf(tx: Db, agencyId: number): Promise<AlertSettings | undefined> {
  const [agency] = await tx
    .select({ commonConfig: agencies.commonConfig })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  return agency?.commonConfig;
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
 * leaves no alert. `settings`, when the caller read them with the lock (`postEntry`), spare a
 * read of the agency; the settings are not under the wallet's lock either way, the amounts are.
 */
export async function alertOnCrossing(
  tx: Db,
  change: AvailableChange,
  at?: Date,
  settings?: AlertSettings,
): Promise<void> {
  const { account, beforeMinor, afterMinor } = change;
  if (account.kind !== 'agency_wallet' || afterMinor >= beforeMinor) return;
  const config = settings ?? (await settingsOf(tx, account.agencyId));
  if (!config || config.settlementCurrency !== account.currency) return;
  const threshold = thresholdOf(config.creditAlertThreshold);
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
