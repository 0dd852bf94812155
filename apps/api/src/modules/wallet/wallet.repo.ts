import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { INVOICE_TYPES, type InvoiceType } from '@portal/domain/shopping';
import { agencies, type AgencyRow } from '../../platform/db/schema';
import { flightOrders } from '../flight-orders/flight-orders.schema';
import {
  journalEntries,
  ledgerAccounts,
  ledgerPostings,
  type AccountKind,
  type EntryKind,
} from './wallet.schema';

/** Filters and paging of the entry and transaction lists (always within one agency). */
export interface EntryLineFilter {
  page: number;
  pageSize: number;
  /** Inclusive UTC dates `YYYY-MM-DD`. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  kinds?: EntryKind[] | undefined;
  orderId?: string | undefined;
  currency?: string | undefined;
  /** Outside channel of the entry; `balance` also matches entries without a channel. */
  paymentMethod?: string | undefined;
  direction: 'asc' | 'desc';
}

/** The agency's wallet accounts (one per currency). */
export async function walletAccounts(db: Db, agencyId: number) {
  return db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.agencyId, agencyId), eq(ledgerAccounts.kind, 'agency_wallet')))
    .orderBy(ledgerAccounts.currency);
}

/** An agency by id (any tenant: the wallet policy decides who may act on it), else undefined. */
export async function findAgency(db: Db, id: number): Promise<AgencyRow | undefined> {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, id)).limit(1);
  return row;
}

/**
 * Holds agency `id` against deletion until the caller's transaction ends (`FOR SHARE`: top-ups
 * and credit changes do not wait on each other, a deletion waits for them, and they for it);
 * false when it is deleted or gone. Taken before the ledger locks the wallet accounts, in the
 * order the deletion takes them.
 */
export async function holdLiveAgency(tx: Db, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.id, id), isNull(agencies.deletedAt)))
    .for('share');
  return row !== undefined;
}

/** One entry line seen from the agency's side: the sum of its postings on `kinds` accounts. */
export interface EntryLine {
  id: number;
  kind: EntryKind;
  orderId: string | null;
  reference: string | null;
  description: string;
  meta: Record<string, unknown>;
  createdAt: Date;
  currency: string;
  amountMinor: number;
}

/**
 * A page of the agency's journal entries that touch its accounts of `kinds`, newest first,
 * with the filters of `query`. Always scoped to `agencyId`.
 */
export async function listEntryLines(
  db: Db,
  agencyId: number,
  kinds: AccountKind[],
  query: EntryLineFilter,
): Promise<{ list: EntryLine[]; total: number }> {
  const where: (SQL | undefined)[] = [
    eq(journalEntries.agencyId, agencyId),
    eq(ledgerAccounts.agencyId, agencyId),
    inArray(ledgerAccounts.kind, kinds),
  ];
  if (query.dateFrom) where.push(gte(journalEntries.createdAt, new Date(`${query.dateFrom}T00:00:00Z`)));
  if (query.dateTo) {
    where.push(lt(journalEntries.createdAt, new Date(Date.parse(`${query.dateTo}T00:00:00Z`) + 86_400_000)));
  }
  if (query.kinds) where.push(inArray(journalEntries.kind, query.kinds));
  if (query.orderId) where.push(eq(journalEntries.orderId, query.orderId));
  if (query.currency) where.push(eq(ledgerAccounts.currency, query.currency));
  if (query.paymentMethod) {
    where.push(sql`coalesce(${journalEntries.meta}->>'paymentMethod', 'balance') = ${query.paymentMethod}`);
  }
  const amount = sql<string>`sum(${ledgerPostings.amountMinor})::bigint`.as('amount_minor');
  const base = db
    .select({
      id: journalEntries.id,
      kind: journalEntries.kind,
      orderId: journalEntries.orderId,
      reference: journalEntries.reference,
      description: journalEntries.description,
      meta: journalEntries.meta,
      createdAt: journalEntries.createdAt,
      currency: ledgerAccounts.currency,
      amountMinor: amount,
    })
    .from(journalEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(...where))
    .groupBy(journalEntries.id, ledgerAccounts.currency)
    .as('lines');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(base);
  const rows = await db
    .select()
    .from(base)
    .orderBy(
      ...(query.direction === 'asc'
        ? [asc(base.createdAt), asc(base.id)]
        : [desc(base.createdAt), desc(base.id)]),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => ({
      ...r,
      amountMinor: Number(r.amountMinor),
      meta: r.meta as Record<string, unknown>,
    })),
  };
}

/** The fare's invoice type of each of the agency's flight orders among `orderIds` (order uuid -> type). */
export async function invoiceTypesOf(
  db: Db,
  agencyId: number,
  orderIds: string[],
): Promise<Map<string, InvoiceType>> {
  const ids = [...new Set(orderIds)].filter((id) => UUID.test(id));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: flightOrders.id,
      invoiceType: sql<string | null>`${flightOrders.solution}->'restrictions'->>'invoiceType'`,
    })
    .from(flightOrders)
    .where(and(eq(flightOrders.agencyId, agencyId), inArray(flightOrders.id, ids)));
  const map = new Map<string, InvoiceType>();
  for (const row of rows) {
    const type = INVOICE_TYPES.find((t) => t === row.invoiceType);
    if (type) map.set(row.id, type);
  }
  return map;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sum of the agency wallet's postings per currency, UTC month (`YYYY-MM`) and entry kind, before `end`. */
export interface MonthlyWalletSum {
  currency: string;
  month: string;
  kind: EntryKind;
  amountMinor: number;
}

/**
 * How `walletSums` groups entries in time: by UTC month (`YYYY-MM`); or, from `start`, everything
 * before it as `before` and the rest by UTC day (`YYYY-MM-DD`) or all together as `within`.
 */
export type SumBucket = { by: 'month' } | { by: 'day' | 'range'; start: Date };

/** Sum of one agency wallet's postings of one entry kind in one time bucket. */
export interface WalletSum {
  agencyId: number;
  currency: string;
  bucket: string;
  kind: EntryKind;
  amountMinor: number;
}

function bucketOf(bucket: SumBucket): SQL<string> {
  const at = sql`(${journalEntries.createdAt} at time zone 'UTC')`;
  if (bucket.by === 'month') return sql<string>`to_char(date_trunc('month', ${at}), 'YYYY-MM')`;
  // A literal, not a parameter: the same expression must match in the select and the group by.
  const start = sql.raw(`'${bucket.start.toISOString()}'`);
  const within = bucket.by === 'day' ? sql`to_char(${at}, 'YYYY-MM-DD')` : sql`'within'`;
  return sql<string>`case when ${journalEntries.createdAt} < ${start}::timestamptz then 'before' else ${within} end`;
}

/**
 * Sums of the wallet postings of `agencyIds` per agency, currency, time bucket and entry kind,
 * of the entries before `end`: the one query every statement is computed from.
 */
export async function walletSums(
  db: Db,
  agencyIds: readonly number[],
  end: Date,
  bucket: SumBucket,
): Promise<WalletSum[]> {
  if (agencyIds.length === 0) return [];
  const period = bucketOf(bucket);
  const rows = await db
    .select({
      agencyId: ledgerAccounts.agencyId,
      currency: ledgerAccounts.currency,
      bucket: period,
      kind: journalEntries.kind,
      amountMinor: sql<string>`sum(${ledgerPostings.amountMinor})::bigint`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, ledgerPostings.entryId))
    .where(
      and(
        inArray(ledgerAccounts.agencyId, [...agencyIds]),
        eq(ledgerAccounts.kind, 'agency_wallet'),
        lt(journalEntries.createdAt, end),
      ),
    )
    .groupBy(ledgerAccounts.agencyId, ledgerAccounts.currency, period, journalEntries.kind);
  return rows.map((r) => ({ ...r, amountMinor: Number(r.amountMinor) }));
}

export async function monthlyWalletSums(db: Db, agencyId: number, end: Date): Promise<MonthlyWalletSum[]> {
  const sums = await walletSums(db, [agencyId], end, { by: 'month' });
  return sums.map((s) => ({
    currency: s.currency,
    month: s.bucket,
    kind: s.kind,
    amountMinor: s.amountMinor,
  }));
}
