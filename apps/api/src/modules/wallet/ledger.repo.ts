import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  ACCOUNT_KINDS,
  journalEntries,
  ledgerAccounts,
  ledgerPostings,
  type AccountKind,
  type EntryKind,
  type EntryMeta,
  type LedgerAccountRow,
} from './wallet.schema';

/** The four account ids of one agency and currency. */
export type AccountSet = Record<AccountKind, number>;

/** The agency's accounts in `currency`, created on first use (concurrent creators are safe). */
export async function ensureAccounts(tx: Db, agencyId: number, currency: string): Promise<AccountSet> {
  const where = and(eq(ledgerAccounts.agencyId, agencyId), eq(ledgerAccounts.currency, currency));
  let rows = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(where);
  if (rows.length < ACCOUNT_KINDS.length) {
    await tx
      .insert(ledgerAccounts)
      .values(ACCOUNT_KINDS.map((kind) => ({ agencyId, currency, kind })))
      .onConflictDoNothing();
    rows = await tx
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(where);
  }
  const set: Partial<AccountSet> = {};
  for (const row of rows) set[row.kind] = row.id;
  const { agency_wallet, platform_cash, supplier_payable, platform_receivable } = set;
  if (!agency_wallet || !platform_cash || !supplier_payable || !platform_receivable) {
    throw new Error(`ledger accounts missing for agency ${agencyId} ${currency}`);
  }
  return { agency_wallet, platform_cash, supplier_payable, platform_receivable };
}

/** Locks the accounts `FOR UPDATE` in ascending id order (one global order: no deadlocks). */
/** True when the order already has an entry of this kind (a payment or reimbursement done). */
export async function orderEntryExists(tx: Db, orderId: string, kind: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.orderId, orderId), eq(journalEntries.kind, kind as NewEntry['kind'])))
    .limit(1);
  return row !== undefined;
}

export async function lockAccounts(tx: Db, ids: number[]): Promise<LedgerAccountRow[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, sorted))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** The rows of a raw statement (PGlite and node-postgres both answer `{rows}`). */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** Adds each delta to its account's balance in one statement (the caller holds the locks). */
export async function addToBalances(tx: Db, deltas: ReadonlyMap<number, number>): Promise<void> {
  const values = [...deltas].filter(([, delta]) => delta !== 0);
  if (values.length === 0) return;
  const rows = sql.join(
    values.map(([id, delta]) => sql`(${id}::int, ${delta}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${ledgerAccounts} set balance_minor = ${ledgerAccounts}.balance_minor + v.delta, updated_at = now()
    from (values ${rows}) as v(id, delta) where ${ledgerAccounts}.id = v.id`);
}

/** Sets an agency wallet's credit limit (the caller holds its lock). */
export async function updateCreditLimit(tx: Db, accountId: number, creditLimitMinor: number): Promise<void> {
  await tx
    .update(ledgerAccounts)
    .set({ creditLimitMinor, updatedAt: sql`now()` })
    .where(eq(ledgerAccounts.id, accountId));
}

export interface NewEntry {
  agencyId: number;
  kind: EntryKind;
  orderId: string | null;
  reference: string | null;
  description: string;
  meta: EntryMeta;
  createdBy: number | null;
}

/** Inserts the journal entry header and its postings in one statement; returns the entry id. */
export async function insertEntry(
  tx: Db,
  entry: NewEntry,
  postings: { accountId: number; amountMinor: number; currency: string }[],
): Promise<number> {
  if (postings.length === 0) {
    const [row] = await tx.insert(journalEntries).values(entry).returning({ id: journalEntries.id });
    if (!row) throw new Error('journal entry insert returned nothing');
    return row.id;
  }
  const lines = sql.join(
    postings.map((p) => sql`(${p.accountId}::int, ${p.amountMinor}::bigint, ${p.currency}::text)`),
    sql`, `,
  );
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`with entry as (
      insert into ${journalEntries} (agency_id, kind, order_id, reference, description, meta, created_by)
      values (${entry.agencyId}, ${entry.kind}, ${entry.orderId}, ${entry.reference}, ${entry.description},
        ${JSON.stringify(entry.meta)}::jsonb, ${entry.createdBy})
      returning id
    ), lines as (
      insert into ${ledgerPostings} (entry_id, account_id, amount_minor, currency)
      select entry.id, v.account_id, v.amount_minor, v.currency
      from entry, (values ${lines}) as v(account_id, amount_minor, currency)
    )
    select id::text as id from entry`,
  );
  if (!row) throw new Error('journal entry insert returned nothing');
  return Number(row.id);
}
