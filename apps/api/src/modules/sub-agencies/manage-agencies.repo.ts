import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { flightOrders } from '../flight-orders/index';
import { groupOrders } from '../group-orders/index';
import { trainOrders } from '../train-orders/index';
import { ledgerAccounts, type LedgerAccountRow } from '../wallet/index';

/** The wallet accounts (`agency_wallet`, every currency) of `ids`. */
export async function walletAccountsOf(db: Db, ids: number[]): Promise<LedgerAccountRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.agencyId, ids), eq(ledgerAccounts.kind, 'agency_wallet')));
}

/** Locks the agency's wallet accounts (`FOR UPDATE`, id order, as the ledger does). */
export async function lockWalletAccounts(tx: Db, agencyId: number): Promise<LedgerAccountRow[]> {
  return tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.agencyId, agencyId), eq(ledgerAccounts.kind, 'agency_wallet')))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** True when the agency has at least one flight, group or train order (of any type or status). */
export async function hasOrders(db: Db, agencyId: number): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${flightOrders} where ${flightOrders.agencyId} = ${agencyId})
      or exists (select 1 from ${groupOrders} where ${groupOrders.agencyId} = ${agencyId})
      or exists (select 1 from ${trainOrders} where ${trainOrders.agencyId} = ${agencyId}) as found`,
  );
  return row?.found === true;
}
