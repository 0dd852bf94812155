import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
export async function lockAccounts(tx: Db, ids: number[]): Promise<LedgerAccountRow[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, sorted))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** Adds `deltaMinor` to an account's balance (the caller holds its lock). */
export async function addToBalance(tx: Db, accountId: number, deltaMinor: number): Promise<void> {
  await tx
    .update(ledgerAccounts)
    .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${deltaMinor}`, updatedAt: sql`now()` })
    .where(eq(ledgerAccounts.id, accountId));
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

/** Inserts the journal entry header and its postings; returns the entry id. */
export async function insertEntry(
  tx: Db,
  entry: NewEntry,
  postings: { accountId: number; amountMinor: number; currency: string }[],
): Promise<number> {
  const [row] = await tx.insert(journalEntries).values(entry).returning({ id: journalEntries.id });
  if (!row) throw new Error('journal entry insert returned nothing');
  if (postings.length > 0) {
    await tx.insert(ledgerPostings).values(postings.map((p) => ({ ...p, entryId: row.id })));
  }
  return row.id;
}
