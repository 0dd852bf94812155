import { and, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { WALLET_LINE_COUNT_CAP, type WalletPaymentType } from '@portal/domain/wallet';
import type { Db } from '../../platform/db';
import { preparedStatement, unnamedStatement } from '../../platform/db/rows';
import { dayEndIn, dayStartIn } from '../../platform/time-zones';
import { agencies, type AgencyRow } from '../agencies/index';
import { lineOrderOf, type LedgerOrders, type LineOrder, type LineOrderRow } from './ledger-orders';
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
  /** Inclusive calendar days `YYYY-MM-DD` of `timeZone`. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** The zone of the reader's agency (the signed-in one, also reading a sub-agency's lines). */
  timeZone: string;
  /** The entries' type filter: postings listed under it (`payment_type`, migration 0042). */
  paymentType?: WalletPaymentType | undefined;
  /** A booking number (any letter case) or an order id: the entries of that order. */
  orderId?: string | undefined;
  currency?: string | undefined;
  /** Outside channel of the entry; `balance` also matches entries without a channel. */
  paymentMethod?: string | undefined;
  direction: 'asc' | 'desc';
  /** The `next` of the page before (`WALLET_LINE_CURSOR`): `page` is then the lines after it. */
  after?: string | undefined;
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
  /** With `withBalance`: the wallet's balance in `currency` after the line (null before any). */
  balanceAfterMinor: number | null;
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
 * The entries of the order `text` names: its booking number, or its id; a group order's also
 * those of its instalments (`{id}/instalment-{n}`). Booking numbers are generated in upper case,
 * so the typed text and its upper case are looked up by each order kind through its
 * booking-number unique index, and the entries by their order id index (never the whole tables).
 */
async function orderEntryIds(
  db: Db,
  orders: LedgerOrders,
  agencyId: number,
  text: string,
): Promise<number[]> {
  const numbers = [...new Set([text, text.toUpperCase()])];
  const keys = [text, ...(await orders.idsByBookingNumber(db, agencyId, numbers))];
  const found = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(
      or(
        inArray(journalEntries.orderId, keys),
        // `{id}/` up to `{id}0` ('0' follows '/'): the instalments' ids, by a range of the index.
        ...keys.map((k) => and(gte(journalEntries.orderId, `${k}/`), lt(journalEntries.orderId, `${k}0`))),
      ),
    );
  return found.map((r) => r.id);
}

/**
 * A page of the agency's journal entries that touch its accounts of `kinds`, newest first (or
 * oldest first), with the filters of `query`; with `withBalance`, each line's wallet balance after
 * it. Always scoped to `agencyId`. One statement reads the page, its entries and its capped count
 * from the postings' index in the list's order (`ledger_postings_agency_created_idx`), so a page
 * reads about a page of postings however long the agency's history is.
 */
export async function listEntryLines(
  db: Db,
  orders: LedgerOrders,
  agencyId: number,
  kinds: AccountKind[],
  query: EntryLineFilter,
  withBalance = false,
): Promise<{ list: EntryLine[]; total: number; totalCapped: boolean; next?: string }> {
  const from = query.dateFrom ? dayStartIn(query.dateFrom, query.timeZone) : undefined;
  const to = query.dateTo ? dayEndIn(query.dateTo, query.timeZone) : undefined;
  let entries: number[] | undefined;
  if (query.orderId) {
    entries = await orderEntryIds(db, orders, agencyId, query.orderId);
    if (entries.length === 0) return { list: [], total: 0, totalCapped: false };
  }
  const shape: LineShape = {
    accountKinds: [...kinds].sort().join(','),
    from: from !== undefined,
    to: to !== undefined,
    paymentType: query.paymentType !== undefined,
    entries: entries !== undefined,
    currency: query.currency !== undefined,
    paymentMethod: query.paymentMethod !== undefined,
    asc: query.direction === 'asc',
    seek: query.after !== undefined,
    withBalance,
    page: literalPage(query),
  };
  const statements = lineStatementsOf(orders, shape);
  const [afterMicros, afterEntry, afterCurrency] = query.after?.split('_') ?? [];
  const values = {
    agencyId,
    accountKinds: arrayLiteral(kinds),
    from: from?.toISOString(),
    to: to?.toISOString(),
    paymentType: query.paymentType,
    entries: entries ? arrayLiteral(entries) : undefined,
    currency: query.currency,
    paymentMethod: query.paymentMethod,
    limit: query.pageSize,
    offset: query.after ? 0 : (query.page - 1) * query.pageSize,
    afterMicros,
    afterEntry,
    afterCurrency,
  };
  const rows = await statements.page(db, values);
  // Past the first page an empty page has no row to carry the count: it is then its own statement.
  const total =
    rows.length > 0 || query.page === 1
      ? (rows[0]?.total ?? 0)
      : ((await statements.count(db, values))[0]?.n ?? 0);
  const last = rows.length === query.pageSize ? rows[rows.length - 1] : undefined;
  return {
    total: Math.min(total, WALLET_LINE_COUNT_CAP),
    totalCapped: total > WALLET_LINE_COUNT_CAP,
    ...(last ? { next: `${last.micros}_${last.id}_${last.currency}` } : {}),
    list: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      orderId: r.order_id,
      reference: r.reference,
      description: r.description,
      meta: r.meta,
      createdAt: new Date(r.created_at),
      currency: r.currency,
      amountMinor: Number(r.amount_minor),
      balanceAfterMinor: r.balance_after === null ? null : Number(r.balance_after),
      order: r.order_kind && r.order_key && r.booking_number ? lineOrderOf(orderRowOf(r)) : null,
      counterparty: r.counterparty,
    })),
  };
}

/** A list as a PostgreSQL array literal (ids and names of kinds: nothing in them needs quoting). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/**
 * Which filters a list has (not their values): each shape is one statement text, built once and
 * prepared once per connection. Lists (account kinds, an order's entry ids) are array
 * parameters, so their length does not make a shape.
 */
interface LineShape {
  accountKinds: string;
  from: boolean;
  to: boolean;
  paymentType: boolean;
  entries: boolean;
  currency: boolean;
  paymentMethod: boolean;
  asc: boolean;
  seek: boolean;
  withBalance: boolean;
  /**
   * A screen's page (`LITERAL_PAGES`) with its limit and offset written in: PostgreSQL then settles
   * on one plan for the statement. With them as parameters it cannot (a generic plan assumes a
   * tenth of the rows and costs some 13 times a page's) and plans every request anew (about 1 ms,
   * as long as the page's execution). Undefined: other sizes and deeper pages, as parameters.
   */
  page: { limit: number; offset: number } | undefined;
}

/** Page sizes the screens offer, and pages up to this one, make shapes of their own. */
const SCREEN_PAGE_SIZES = new Set([10, 20, 50, 100]);
const LITERAL_PAGES = 5;

function literalPage(query: EntryLineFilter): LineShape['page'] {
  if (!SCREEN_PAGE_SIZES.has(query.pageSize)) return undefined;
  if (query.after) return { limit: query.pageSize, offset: 0 };
  if (query.page > LITERAL_PAGES) return undefined;
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** At most this many shapes are kept (prepared on each connection); others are read unprepared. */
const MAX_SHAPES = 128;

type Values = Record<string, unknown>;

interface LineStatements {
  /** The page's lines, entries, orders, counterparties and the capped count. */
  page: (db: Db, values: Values) => Promise<RawLine[]>;
  /** The capped count alone (an empty page past the first). */
  count: (db: Db, values: Values) => Promise<{ n: number }[]>;
}

/**
 * The statements of each shape, per set of order kinds (one per app): a few filter shapes in use,
 * each prepared by name (`preparedStatement`) once per connection. Building one took about 0.4 ms
 * of the route's Node time on every request (load 15).
 */
const lineStatements = new WeakMap<LedgerOrders, Map<string, LineStatements>>();

function lineStatementsOf(orders: LedgerOrders, shape: LineShape): LineStatements {
  let byShape = lineStatements.get(orders);
  if (!byShape) {
    byShape = new Map();
    lineStatements.set(orders, byShape);
  }
  const key = JSON.stringify(shape);
  let found = byShape.get(key);
  if (!found) {
    const kept = byShape.size < MAX_SHAPES;
    // A date range is planned with its dates on every call (left unnamed): after a named
    // statement's fifth run PostgreSQL settled on a generic plan that read a month's page in 21 to
    // 28 ms, against about 5 ms planned with the dates (docs/performance/wallet-lists.md).
    found = buildLineStatements(orders, shape, kept && !shape.from && !shape.to);
    if (kept) byShape.set(key, found);
  }
  return found;
}

const p = (name: string) => sql.placeholder(name);

/**
 * The statements of one shape. One statement reads the page, its entries and its capped count from
 * the postings' index in the list's order (`ledger_postings_agency_created_idx`), so a page reads
 * about a page of postings however long the agency's history is.
 */
function buildLineStatements(orders: LedgerOrders, shape: LineShape, named: boolean): LineStatements {
  const lp = ledgerPostings;
  // By postings on the agency's accounts, not by the entry's agency: a parent sees its transfers
  // to its sub-agencies and the markups it earns on their orders.
  const where: (SQL | undefined)[] = [
    sql`${lp.agencyId} = ${p('agencyId')}`,
    sql`${lp.accountKind} = any(${p('accountKinds')}::text[])`,
  ];
  if (shape.from) where.push(sql`${lp.createdAt} >= ${p('from')}::timestamptz`);
  if (shape.to) where.push(sql`${lp.createdAt} < ${p('to')}::timestamptz`);
  // With a type, next to the agency in `ledger_postings_agency_type_created_idx`: the type's
  // postings in the list's order, so its page and capped count read about their own lines.
  if (shape.paymentType) where.push(sql`${lp.paymentType} = ${p('paymentType')}`);
  if (shape.entries) where.push(sql`${lp.entryId} = any(${p('entries')}::bigint[])`);
  if (shape.currency) where.push(sql`${lp.currency} = ${p('currency')}`);
  if (shape.paymentMethod) {
    where.push(sql`exists (select 1 from ${journalEntries} m where m.id = ${lp.entryId}
      and coalesce(m.meta->>'paymentMethod', 'balance') = ${p('paymentMethod')}::text)`);
  }
  const filter = and(...where);
  const dir = sql.raw(shape.asc ? 'asc' : 'desc');
  const grouped = sql`from ${lp} where ${filter} group by ${lp.createdAt}, ${lp.entryId}, ${lp.currency}`;
  // After a cursor: the lines past the page before's last, found in the index like a first page's.
  const seek = shape.seek ? afterLine(shape.asc ? 'asc' : 'desc') : undefined;
  const paged = seek
    ? sql`from ${lp} where ${and(filter, seek)} group by ${lp.createdAt}, ${lp.entryId}, ${lp.currency}`
    : grouped;
  // Counted up to one past the cap ("1,000+"): 1,001 lines read about 2,000 postings (about 1 ms);
  // 10,001 took 24 ms at 100,000 entries.
  const counted = sql`(select count(*)::int from (select 1 ${grouped} limit ${sql.raw(String(WALLET_LINE_COUNT_CAP + 1))}) c)`;
  // The wallet's balance after the line: its latest wallet posting in the line's currency up to
  // the line, in the lists' order (the line's own, or an earlier one for a line off the wallet).
  const balance = shape.withBalance
    ? sql`(select b.balance_after_minor from ${lp} b where b.account_id = (select w.id from ${ledgerAccounts} w
          where w.agency_id = ${p('agencyId')} and w.currency = l.currency and w.kind = 'agency_wallet')
        and (b.created_at, b.entry_id) <= (l.created_at, l.entry_id)
        order by b.created_at desc, b.entry_id desc limit 1)::text`
    : sql`null`;
  // A transfer's other agency (`e.other`: the sub-agency for the parent's debit, else the parent),
  // read by the agencies' primary key, only for an integer id.
  const counterparty = sql`case when jsonb_typeof(e.other) = 'number' and e.other::numeric % 1 = 0
      and e.other::numeric between 1 and 2147483647
    then (select ${agencies.name} from ${agencies} where ${agencies.id} = e.other::numeric::int) end`;
  const orderIds = sql`select e.order_uuid from e where e.order_uuid is not null`;
  // One round trip: the page's lines, their entries, their orders (every order kind's select, by
  // primary key), a transfer's other agency and the capped count (an init plan, read once).
  const page = sql`with l as (
      select ${lp.createdAt} as created_at, ${lp.entryId} as entry_id, ${lp.currency} as currency,
        sum(${lp.amountMinor})::text as amount_minor ${paged}
      order by 1 ${dir}, 2 ${dir}, 3 ${dir}
      limit ${shape.page ? sql.raw(String(shape.page.limit)) : p('limit')}
      offset ${shape.page ? sql.raw(String(shape.page.offset)) : p('offset')}
    ), e as (
      select ${journalEntries.id} as id, ${journalEntries.kind} as kind, ${journalEntries.orderId} as order_id,
        ${journalEntries.reference} as reference, ${journalEntries.description} as description,
        ${journalEntries.meta} as meta, ${journalEntries.createdAt} as created_at, l.currency, l.amount_minor,
        (extract(epoch from l.created_at) * 1000000)::bigint::text as micros,
        ${orderUuid} as order_uuid, ${balance} as balance_after, l.created_at as line_at,
        case when ${journalEntries.kind} = 'transfer' then (case when l.amount_minor::bigint < 0
          then ${journalEntries.meta}->'toAgencyId' else ${journalEntries.meta}->'fromAgencyId' end) end as other
      from l join ${journalEntries} on ${journalEntries.id} = l.entry_id
    ), o as materialized (${orders.ordersOf(p('agencyId'), orderIds)})
    select e.id, e.kind, e.order_id, e.reference, e.description, e.meta, e.created_at, e.currency,
      e.amount_minor, e.micros, e.balance_after, ${counterparty} as counterparty,
      lo.kind as order_kind, lo.id as order_key, lo.booking_number, lo.flight_type, lo.original_id,
      lo.original_number, ${counted} as total
    from e left join lateral (select * from o where o.id = e.order_uuid order by o.rank limit 1) lo on true
    order by e.line_at ${dir}, e.id ${dir}, e.currency ${dir}`;
  const count = sql`select ${counted} as n`;
  return named
    ? {
        page: preparedStatement<RawLine>('wallet_lines', page),
        count: preparedStatement<{ n: number }>('wallet_lines_count', count),
      }
    : { page: unnamedStatement<RawLine>(page), count: unnamedStatement<{ n: number }>(count) };
}

/** The order columns of a line's row, as `LedgerOrderSource.ordersOf` answers them. */
function orderRowOf(r: RawLine): LineOrderRow {
  return {
    kind: r.order_kind ?? 'flight',
    id: r.order_key ?? '',
    booking_number: r.booking_number ?? '',
    flight_type: r.flight_type,
    original_id: r.original_id,
    original_number: r.original_number,
  };
}

/** A row of `listEntryLines`' statement, as the driver answers it. */
interface RawLine {
  id: string | number;
  kind: EntryKind;
  order_id: string | null;
  reference: string | null;
  description: string;
  meta: Record<string, unknown>;
  created_at: string | Date;
  currency: string;
  amount_minor: string;
  balance_after: string | null;
  /** A transfer's other agency (name), else null. */
  counterparty: string | null;
  /** The line's order (`LineOrderRow`'s columns), all null without one. */
  order_kind: LineOrderRow['kind'] | null;
  order_key: string | null;
  booking_number: string | null;
  flight_type: LineOrderRow['flight_type'];
  original_id: string | null;
  original_number: string | null;
  total: number | null;
  /** The line's time in whole microseconds (a Date keeps milliseconds only): the cursor's. */
  micros: string;
}

/** The lines after the cursor (`WALLET_LINE_CURSOR`: its parts as placeholders) in the list's order. */
function afterLine(direction: 'asc' | 'desc'): SQL {
  const lp = ledgerPostings;
  return sql`(${lp.createdAt}, ${lp.entryId}, ${lp.currency}) ${sql.raw(direction === 'asc' ? '>' : '<')}
    (timestamptz 'epoch' + ${p('afterMicros')}::bigint * interval '1 microsecond', ${p('afterEntry')}::bigint,
      ${p('afterCurrency')}::text)`;
}
