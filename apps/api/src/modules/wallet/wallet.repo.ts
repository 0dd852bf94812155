import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import { agencies, type AgencyRow } from '../agencies/index';
import type { LedgerOrders, LineOrder } from './ledger-orders';
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
  /** A booking number (any letter case) or an order id: the entries of that order. */
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
  /** The flight, group or train order of the entry; null without one (a top-up). */
  order: LineOrder | null;
  /** A transfer's other agency (name); null for other entries. */
  counterparty: string | null;
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * The order part of an entry's order id: the order's own id, or a group order's for the entry of
 * one of its instalments (`instalmentLedgerOrderId`: `{groupOrderId}/instalment-{n}`).
 */
const orderKey = sql`split_part(${journalEntries.orderId}, '/', 1)`;

/**
 * `orderKey` as a uuid, null when it is none (ids in older or test rows): the key the order
 * tables are joined on, by their primary keys.
 */
const orderUuid = sql<string | null>`case when ${orderKey} ~* ${UUID_PATTERN} then ${orderKey}::uuid end`;

/**
 * Entries of the order `text` names: its booking number, or its id. Booking numbers are
 * generated in upper case, so the typed text and its upper case are looked up by each order
 * kind through its booking-number unique index (never the whole tables).
 */
async function orderFilter(
  db: Db,
  orders: LedgerOrders,
  agencyId: number,
  text: string,
): Promise<SQL | undefined> {
  const numbers = [...new Set([text, text.toUpperCase()])];
  const ids = await orders.idsByBookingNumber(db, agencyId, numbers);
  return or(sql`${orderKey} = ${text}`, ids.length > 0 ? inArray(orderKey, ids) : undefined);
}

/**
 * A page of the agency's journal entries that touch its accounts of `kinds`, newest first,
 * with the filters of `query`. Always scoped to `agencyId`.
 */
export async function listEntryLines(
  db: Db,
  orders: LedgerOrders,
  agencyId: number,
  kinds: AccountKind[],
  query: EntryLineFilter,
): Promise<{ list: EntryLine[]; total: number }> {
  // By postings on the agency's accounts, not by the entry's agency: a parent sees its transfers
  // to its sub-agencies and the markups it earns on their orders.
  const where: (SQL | undefined)[] = [
    eq(ledgerAccounts.agencyId, agencyId),
    inArray(ledgerAccounts.kind, kinds),
  ];
  if (query.dateFrom) where.push(gte(journalEntries.createdAt, new Date(`${query.dateFrom}T00:00:00Z`)));
  if (query.dateTo) {
    where.push(lt(journalEntries.createdAt, new Date(Date.parse(`${query.dateTo}T00:00:00Z`) + 86_400_000)));
  }
  if (query.kinds) where.push(inArray(journalEntries.kind, query.kinds));
  if (query.orderId) where.push(await orderFilter(db, orders, agencyId, query.orderId));
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
      orderUuid: orderUuid.as('order_uuid'),
    })
    .from(journalEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(...where))
    .groupBy(journalEntries.id, ledgerAccounts.currency)
    .as('lines');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(base);
  const order = (t: { createdAt: SQL.Aliased | AnyPgColumn; id: SQL.Aliased | AnyPgColumn }) =>
    query.direction === 'asc' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)];
  // The page first, then its orders by primary key: a page of lines reads at most a page of orders.
  const rows = await db
    .select()
    .from(base)
    .orderBy(...order(base))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const uuids = [...new Set(rows.flatMap((r) => (r.orderUuid ? [r.orderUuid] : [])))];
  const lineOrders = await orders.ordersByIds(db, agencyId, uuids);
  const names = await counterpartyNames(db, rows);
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      orderId: r.orderId,
      reference: r.reference,
      description: r.description,
      meta: r.meta as Record<string, unknown>,
      createdAt: r.createdAt,
      currency: r.currency,
      amountMinor: Number(r.amountMinor),
      order: (r.orderUuid ? lineOrders.get(r.orderUuid) : undefined) ?? null,
      counterparty: r.kind === 'transfer' ? (names.get(counterpartyId(r)) ?? null) : null,
    })),
  };
}

/** The other agency of a transfer line: the sub-agency for the parent's debit, else the parent. */
function counterpartyId(line: { meta: unknown; amountMinor: string | number }): number {
  const meta = line.meta as { fromAgencyId?: unknown; toAgencyId?: unknown };
  const id = Number(line.amountMinor) < 0 ? meta.toAgencyId : meta.fromAgencyId;
  return typeof id === 'number' ? id : 0;
}

/** The names of the other agencies of a page's transfer lines (one query). */
async function counterpartyNames(
  db: Db,
  rows: { kind: EntryKind; meta: unknown; amountMinor: string | number }[],
): Promise<Map<number, string>> {
  const ids = [...new Set(rows.filter((r) => r.kind === 'transfer').map(counterpartyId))].filter(
    (id) => id > 0,
  );
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(inArray(agencies.id, ids));
  return new Map(found.map((a) => [a.id, a.name]));
}

/** The key of a line in `balancesAfter`'s answer: its entry id and currency. */
export const lineKey = (line: { id: number; currency: string }) => `${line.id}:${line.currency}`;

/**
 * The agency's wallet balance after each of `lines` (minor units, by `lineKey`): the running sum of
 * its wallet postings per currency over every entry touching its accounts of `kinds`, in time
 * order then by entry id (the lists' order), unfiltered, so a filtered page shows true balances.
 * One query reading the agency's entries up to the newest line.
 */
export async function balancesAfter(
  db: Db,
  agencyId: number,
  kinds: AccountKind[],
  lines: readonly Pick<EntryLine, 'id' | 'currency' | 'createdAt'>[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (lines.length === 0) return found;
  // A millisecond past the newest line: Date has milliseconds, the column microseconds. Entries in
  // that millisecond come after the newest line in the window's order and change no line's sum.
  const bound = new Date(Math.max(...lines.map((l) => l.createdAt.getTime())) + 1);
  const walletMinor = sql`case when ${ledgerAccounts.kind} = 'agency_wallet' then ${ledgerPostings.amountMinor} else 0 end`;
  const running = db
    .select({
      id: journalEntries.id,
      currency: ledgerAccounts.currency,
      balance:
        sql<string>`(sum(sum(${walletMinor})) over (partition by ${ledgerAccounts.currency} order by ${journalEntries.createdAt}, ${journalEntries.id}))::bigint`.as(
          'balance_after',
        ),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, ledgerPostings.entryId))
    .where(
      and(
        eq(ledgerAccounts.agencyId, agencyId),
        inArray(ledgerAccounts.kind, kinds),
        lt(journalEntries.createdAt, bound),
      ),
    )
    .groupBy(journalEntries.id, ledgerAccounts.currency)
    .as('running');
  const ids = [...new Set(lines.map((l) => l.id))];
  const rows = await db.select().from(running).where(inArray(running.id, ids));
  for (const row of rows) found.set(lineKey(row), Number(row.balance));
  return found;
}

/** The start of one period of a statement: its key (`YYYY-MM`) and its first instant. */
export interface PeriodStart {
  key: string;
  start: Date;
}

/**
 * How `walletSums` groups entries in time, everything before the first period as `before`: by
 * `periods` (each from its start to the next one's, starts ascending, computed in the agency's
 * time zone by the caller), or from `start` by day of `timeZone` (`YYYY-MM-DD`) or all together as
 * `within`.
 */
export type SumBucket =
  { by: 'periods'; starts: readonly PeriodStart[] } | { by: 'day' | 'range'; start: Date; timeZone: string };

/** Sum of one agency wallet's postings of one entry kind in one time bucket. */
export interface WalletSum {
  agencyId: number;
  currency: string;
  bucket: string;
  kind: EntryKind;
  amountMinor: number;
  /** How many entries the sum is of: a month whose postings cancel out still had movement. */
  entries: number;
}

/** A timestamp or key as an SQL literal: the same expression must match in the select and the group by. */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

function bucketOf(bucket: SumBucket): SQL<string> {
  const created = journalEntries.createdAt;
  if (bucket.by === 'periods') {
    const arms = [...bucket.starts]
      .reverse()
      .map(
        (p) => sql`when ${created} >= ${literal(p.start.toISOString())}::timestamptz then ${literal(p.key)}`,
      );
    return sql<string>`case ${sql.join(arms, sql` `)} else 'before' end`;
  }
  const at = sql`(${created} at time zone ${literal(bucket.timeZone)})`;
  const within = bucket.by === 'day' ? sql`to_char(${at}, 'YYYY-MM-DD')` : sql`'within'`;
  return sql<string>`case when ${created} < ${literal(bucket.start.toISOString())}::timestamptz then 'before' else ${within} end`;
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
      entries: sql<number>`count(distinct ${journalEntries.id})::int`,
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
