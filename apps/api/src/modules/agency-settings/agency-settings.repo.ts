import { and, eq, sql } from 'drizzle-orm';
import type { StoredCommonConfig } from '@portal/domain/agency-settings';
import type { FlightSettings } from '@portal/domain/agency-config';
import type { Db } from '../../platform/db';
import { agencies, type AgencyRow } from '../agencies/index';
import { ledgerAccounts } from '../wallet/index';

/**
 * Whether the agency's wallet holds money in any currency: a balance other than zero (funds, or
 * credit in use) or a credit limit. Locks those accounts for the caller's transaction, so that
 * no top-up or credit change slips in before the settings are written.
 */
export async function walletHoldsMoney(tx: Db, agencyId: number): Promise<boolean> {
  const rows = await tx
    .select({ balance: ledgerAccounts.balanceMinor, credit: ledgerAccounts.creditLimitMinor })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.agencyId, agencyId), eq(ledgerAccounts.kind, 'agency_wallet')))
    .for('update');
  return rows.some((r) => r.balance !== 0 || r.credit !== 0);
}

/**
 * Writes an agency's settings: the common keys are merged INTO the stored `common_config` by the
 * database (`||`), so keys the settings do not name (the webhook signing secret, written by the
 * notifications module, and the payment channels) stay; the flight settings are replaced.
 */
export async function writeSettings(
  tx: Db,
  id: number,
  common: StoredCommonConfig,
  flight: FlightSettings,
): Promise<AgencyRow | undefined> {
  const [row] = await tx
    .update(agencies)
    .set({
      commonConfig: sql`${agencies.commonConfig} || ${JSON.stringify(common)}::jsonb`,
      flightSettings: flight,
    })
    .where(eq(agencies.id, id))
    .returning();
  return row;
}
