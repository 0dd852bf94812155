import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { agencies } from '../agencies/index';
import type { AlertSettings } from './credit-alert';
import {
  ACCOUNT_KINDS,
  journalEntries,
  ledgerAccounts,
  ledgerPostings,
  type AccountKind,
  type EntryKind,
  type EntryMeta,
  type LedgerAccountRow,
  walletDailySums,
  walletHourlySums,
} from './wallet.schema';

/** The account ids of one agency and currency, one of each kind. */
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
  const { agency_wallet, platform_cash, supplier_payable, platform_receivable, platform_suspense } = set;
  if (!agency_wallet || !platform_cash || !supplier_payable || !platform_receivable || !platform_suspense) {
    throw new Error(`ledger accounts missing for agency ${agencyId} ${currency}`);
  }
  return { agency_wallet, platform_cash, supplier_payable, platform_receivable, platform_suspense };
}

/** True when the order already has an entry of this kind (a payment or reimbursement done). */
export async function orderEntryExists(tx: Db, orderId: string, kind: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.orderId, orderId), eq(journalEntries.kind, kind as NewEntry['kind'])))
    .limit(1);
  return row !== undefined;
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

/** A locked account with its agency's credit alert settings, as `postEntry` locks them. */
export type LockedAccount = LedgerAccountRow & { alert: AlertSettings };

/**
 * `lockAccounts` that also reads each account's agency's credit alert settings in the same
 * statement (the agency row is not locked), so that posting needs no read of them under the lock.
 */
export async function lockAccountsForPosting(tx: Db, ids: number[]): Promise<LockedAccount[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select({
      account: ledgerAccounts,
      settlementCurrency: sql<unknown>`${agencies.commonConfig} -> 'settlementCurrency'`,
      creditAlertThreshold: sql<unknown>`${agencies.commonConfig} -> 'creditAlertThreshold'`,
    })
    .from(ledgerAccounts)
    .innerJoin(agencies, eq(agencies.id, ledgerAccounts.agencyId))
    .where(inArray(ledgerAccounts.id, sorted))
    .orderBy(asc(ledgerAccounts.id))
    .for('update', { of: ledgerAccounts });
  return rows.map((r) => ({
    ...r.account,
    alert: { settlementCurrency: r.settlementCurrency, creditAlertThreshold: r.creditAlertThreshold },
  }));
}

/** The non-zero `deltas` as rows `(id, delta)` of a VALUES list; undefined when there are none. */
function deltaRows(deltas: ReadonlyMap<number, number>): SQL | undefined {
  const values = [...deltas].filter(([, delta]) => delta !== 0);
  if (values.length === 0) return undefined;
  return sql.join(
    values.map(([id, delta]) => sql`(${id}::int, ${delta}::bigint)`),
    sql`, `,
  );
}

/**
 * The earlier funding or transfer entry that credited `reference` to the agency, if any (migration
 * 0019's tagged duplicates of older data aside): the unique index `journal_entries_agency_reference`
 * refuses a second one; this read only names the first for the 409 message.
 */
export async function creditedReference(
  tx: Db,
  agencyId: number,
  reference: string,
): Promise<{ id: number; createdAt: Date } | undefined> {
  const [row] = await tx
    .select({ id: journalEntries.id, createdAt: journalEntries.createdAt })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.agencyId, agencyId),
        eq(journalEntries.reference, reference),
        inArray(journalEntries.kind, ['top-up', 'transfer']),
        sql`(${journalEntries.meta} -> 'duplicateOf') is null`,
      ),
    )
    .limit(1);
  return row;
}

/** The agency's parent (null at the top level); undefined when there is no such agency. */
export async function parentOf(tx: Db, agencyId: number): Promise<number | null | undefined> {
  const [row] = await tx
    .select({ parentId: agencies.parentId })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  return row ? row.parentId : undefined;
}

/** Adds `delta` to a wallet's credit lent to its sub-agencies (the caller holds its lock). */
export async function addCreditLent(tx: Db, accountId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx
    .update(ledgerAccounts)
    .set({ creditLentMinor: sql`${ledgerAccounts.creditLentMinor} + ${delta}`, updatedAt: sql`now()` })
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
  /** The entry's time; null: the transaction's (`now()`). */
  postedAt?: Date | null;
}

/** A posting as stored: its leg, and the facts of its account the wallet's lists read. */
export interface NewPosting {
  accountId: number;
  amountMinor: number;
  currency: string;
  leg?: string | undefined;
  /** The account's agency and kind. */
  agencyId: number;
  accountKind: AccountKind;
  /** The account's balance after the whole entry (the caller holds the account's lock). */
  balanceAfterMinor: number;
}

/**
 * Inserts the journal entry header, its postings and their wallets' hourly and daily sums in one
 * statement, and adds `deltas` (account id -> amount, the caller holds the accounts' locks) to the
 * accounts' balances in that statement too; returns the entry id. The entry's time is `postedAt`,
 * else the clock at the insert (not the transaction's start): the caller holds the locks of the
 * accounts it posts to, so on each account the entries' times follow the order their balances were
 * written in.
 */
export async function insertEntry(
  tx: Db,
  entry: NewEntry,
  postings: readonly NewPosting[],
  deltas: ReadonlyMap<number, number> = new Map(),
): Promise<number> {
  const at = sql`coalesce(${entry.postedAt?.toISOString() ?? null}::timestamptz, clock_timestamp())`;
  const moved = deltaRows(deltas);
  if (postings.length === 0) {
    if (moved) throw new Error('balances moved by an entry without postings');
    const { postedAt: _postedAt, ...values } = entry;
    const [row] = await tx
      .insert(journalEntries)
      .values({ ...values, createdAt: at })
      .returning({ id: journalEntries.id });
    if (!row) throw new Error('journal entry insert returned nothing');
    return row.id;
  }
  const lines = sql.join(
    postings.map(
      (p) =>
        sql`(${p.accountId}::int, ${p.amountMinor}::bigint, ${p.currency}::text, ${p.leg ?? null}::text, ${p.agencyId}::int, ${p.accountKind}::text, ${p.balanceAfterMinor}::bigint)`,
    ),
    sql`, `,
  );
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`with entry as (
      insert into ${journalEntries} (agency_id, kind, order_id, reference, description, meta, created_by, created_at)
      values (${entry.agencyId}, ${entry.kind}, ${entry.orderId}, ${entry.reference}, ${entry.description},
        ${JSON.stringify(entry.meta)}::jsonb, ${entry.createdBy}, ${at})
      returning id, kind, created_at
    ), lines as (
      insert into ${ledgerPostings} (entry_id, account_id, amount_minor, currency, leg, agency_id, account_kind,
        entry_kind, created_at, balance_after_minor)
      select entry.id, v.account_id, v.amount_minor, v.currency, v.leg, v.agency_id, v.account_kind,
        entry.kind, entry.created_at, v.balance_after
      from entry, (values ${lines}) as v(account_id, amount_minor, currency, leg, agency_id, account_kind, balance_after)
      returning account_id, agency_id, account_kind, currency, entry_kind, created_at, amount_minor
    ), sums as (
      insert into ${walletHourlySums} (account_id, agency_id, currency, hour, entry_kind, amount_minor, postings)
      select account_id, agency_id, currency, date_trunc('hour', created_at, 'UTC'), entry_kind, sum(amount_minor), count(*)
      from lines where account_kind = 'agency_wallet'
      group by account_id, agency_id, currency, date_trunc('hour', created_at, 'UTC'), entry_kind
      on conflict (account_id, hour, entry_kind) do update
        set amount_minor = ${walletHourlySums}.amount_minor + excluded.amount_minor,
          postings = ${walletHourlySums}.postings + excluded.postings
    ), days as (
      insert into ${walletDailySums} (account_id, agency_id, currency, day, entry_kind, amount_minor, postings)
      select account_id, agency_id, currency, date_trunc('day', created_at, 'UTC'), entry_kind, sum(amount_minor), count(*)
      from lines where account_kind = 'agency_wallet'
      group by account_id, agency_id, currency, date_trunc('day', created_at, 'UTC'), entry_kind
      on conflict (account_id, day, entry_kind) do update
        set amount_minor = ${walletDailySums}.amount_minor + excluded.amount_minor,
          postings = ${walletDailySums}.postings + excluded.postings
    )${
      moved
        ? sql`, balances as (
      update ${ledgerAccounts} set balance_minor = ${ledgerAccounts}.balance_minor + v.delta, updated_at = now()
      from (values ${moved}) as v(id, delta) where ${ledgerAccounts}.id = v.id
    )`
        : sql``
    }
    select id::text as id from entry`,
  );
  if (!row) throw new Error('journal entry insert returned nothing');
  return Number(row.id);
}

/**
 * The balances of `accountIds` (the caller holds their locks) as they stood at `at`, after every
 * entry of that time or before: what an entry posted with a time of its own (the demo's past
 * quarter) starts from. An account without a posting by then stood at zero.
 */
export async function balancesAt(
  tx: Db,
  accountIds: readonly number[],
  at: Date,
): Promise<Map<number, number>> {
  const rows = await tx
    .selectDistinctOn([ledgerPostings.accountId], {
      accountId: ledgerPostings.accountId,
      balance: ledgerPostings.balanceAfterMinor,
    })
    .from(ledgerPostings)
    .where(and(inArray(ledgerPostings.accountId, [...accountIds]), lte(ledgerPostings.createdAt, at)))
    .orderBy(ledgerPostings.accountId, desc(ledgerPostings.createdAt), desc(ledgerPostings.entryId));
  return new Map(rows.map((r) => [r.accountId, r.balance]));
}

/**
 * After an entry posted at `at` with a time of its own: the balances stored after it on each
 * account move by the entry's delta there, so that each still reads its account's running sum.
 */
export async function shiftBalancesAfter(
  tx: Db,
  deltas: ReadonlyMap<number, number>,
  at: Date,
): Promise<void> {
  const rows = deltaRows(deltas);
  if (!rows) return;
  await tx.execute(sql`
    update ${ledgerPostings} set balance_after_minor = ${ledgerPostings}.balance_after_minor + v.delta
    from (values ${rows}) as v(id, delta)
    where ${ledgerPostings}.account_id = v.id and ${ledgerPostings}.created_at > ${at.toISOString()}::timestamptz`);
}
