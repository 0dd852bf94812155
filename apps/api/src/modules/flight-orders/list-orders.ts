import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_LIST_COUNT_CAP,
  type FlightOrderList,
  type FlightOrderListQuery,
  type StatusCount,
} from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';
import { statusesForCountKey } from '@portal/domain/flight-order-tabs';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { presentListItem } from './flight-orders.presenter';
import { orderScope } from './flight-orders.policy';
import { flightOrders } from './flight-orders.schema';

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function nextDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
}

function statusesOf(key: string) {
  const statuses = statusesForCountKey(key);
  if (!statuses) {
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: [{ path: 'status', message: 'unknown status' }],
    });
  }
  return [...statuses];
}

/** A whole booking number (`F` + 14 digits) uses the unique index; a part of one is a substring search. */
const WHOLE_BOOKING_NUMBER = /^F\d{14}$/i;

function bookingNumberMatch(text: string): SQL {
  const trimmed = text.trim();
  return WHOLE_BOOKING_NUMBER.test(trimmed)
    ? eq(flightOrders.bookingNumber, trimmed.toUpperCase())
    : ilike(flightOrders.bookingNumber, likeText(trimmed));
}

function filters(ctx: RequestContext, q: FlightOrderListQuery): SQL[] {
  const where: SQL[] = [orderScope(ctx)];
  const add = (condition: SQL | undefined) => {
    if (condition) where.push(condition);
  };
  if (q.bookingNumber) add(bookingNumberMatch(q.bookingNumber));
  if (q.pnr) add(eq(flightOrders.pnr, q.pnr.toUpperCase()));
  if (q.ticketNumber) add(ilike(flightOrders.ticketNumbers, likeText(q.ticketNumber.replaceAll('-', ''))));
  if (q.passenger) {
    add(ilike(flightOrders.passengerNames, likeText(q.passenger.toUpperCase().replace(/\s+/g, '/'))));
  }
  if (q.flightNumber) add(ilike(flightOrders.flightNumbers, likeText(q.flightNumber.replace(/\s+/g, ''))));
  if (q.airline) add(eq(flightOrders.airline, q.airline.toUpperCase()));
  if (q.dateFrom) add(gte(flightOrders.createdAt, new Date(`${q.dateFrom}T00:00:00Z`)));
  if (q.dateTo) add(lt(flightOrders.createdAt, nextDay(q.dateTo)));
  if (q.status) add(inArray(flightOrders.status, statusesOf(q.status)));
  if (q.type !== 'all') add(eq(flightOrders.type, q.type));
  if (q.contact) {
    const like = likeText(q.contact);
    add(
      or(
        sql`${flightOrders.contact}->>'name' ilike ${like}`,
        sql`${flightOrders.contact}->>'email' ilike ${like}`,
        sql`${flightOrders.contact}->'phone'->>'number' ilike ${like}`,
      ),
    );
  }
  return where;
}

/** What a list row reads (see `ListRow`): the solution's legs only, not the whole solution or offer. */
const LIST_COLUMNS = {
  id: flightOrders.id,
  bookingNumber: flightOrders.bookingNumber,
  originalBookingId: flightOrders.originalBookingId,
  type: flightOrders.type,
  status: flightOrders.status,
  pnr: flightOrders.pnr,
  airline: flightOrders.airline,
  flightNumbers: flightOrders.flightNumbers,
  passengerNames: flightOrders.passengerNames,
  paymentDeadline: flightOrders.paymentDeadline,
  confirmDeadline: flightOrders.confirmDeadline,
  voidDeadline: flightOrders.voidDeadline,
  createdAt: flightOrders.createdAt,
  currency: flightOrders.currency,
  orderTotalMinor: flightOrders.orderTotalMinor,
  paymentState: flightOrders.paymentState,
  legs: sql<Solution['legs']>`${flightOrders.solution} -> 'legs'`,
  contactName: sql<string>`${flightOrders.contact} ->> 'name'`,
  passengerCount: sql<number>`jsonb_array_length(${flightOrders.passengers})`.mapWith(Number),
  // Read for the page's rows only, through the live-claims index.
  claimedTickets:
    sql<number>`(select count(*) from ticket_claims c where c.order_id = "flight_orders"."id" and c.released_at is null)`.mapWith(
      Number,
    ),
};

const SORT_COLUMNS = {
  bookingTime: flightOrders.createdAt,
  departureDate: flightOrders.departureAt,
  orderTotal: flightOrders.orderTotalMinor,
  status: flightOrders.status,
} as const;

/** `GET /order/v2/flight/orders`: advanced search, paging and sort. */
export async function listOrders(
  db: Db,
  ctx: RequestContext,
  q: FlightOrderListQuery,
  now: Date,
): Promise<FlightOrderList> {
  const where = and(...filters(ctx, q));
  const field = q.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS;
  const column = SORT_COLUMNS[field];
  const direction = q.sort.startsWith('-') ? desc : asc;
  // The page's ids first, then their list columns: the skipped rows of a deep page are never read
  // beyond the index, while the JSON a row presents is read for the page's rows only.
  const order = [direction(column), direction(flightOrders.id)];
  const pageIds = db
    .select({ id: flightOrders.id })
    .from(flightOrders)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  // The count stops at one past the cap, so its cost is bounded however many orders match. It
  // rides along the page's own statement (one round trip, evaluated once as an init plan); only an
  // empty page past the first needs a statement of its own.
  const matching = db
    .select({ one: sql`1` })
    .from(flightOrders)
    .where(where)
    .limit(ORDER_LIST_COUNT_CAP + 1)
    .as('matching');
  const cappedCount = db.select({ n: count() }).from(matching);
  const rows = await db
    .select({ ...LIST_COLUMNS, matching: sql<number>`(${cappedCount})`.mapWith(Number) })
    .from(flightOrders)
    .where(inArray(flightOrders.id, pageIds))
    .orderBy(...order);
  let n = rows[0]?.matching;
  if (n === undefined) n = q.page === 1 ? 0 : ((await cappedCount)[0]?.n ?? 0);
  return {
    list: rows.map((row) => presentListItem(row, now)),
    total: Math.min(n, ORDER_LIST_COUNT_CAP),
    totalCapped: n > ORDER_LIST_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * `GET /order/v2/flight/orders/status?status=a,b`: `{status, cnt}` per tab, group or status key;
 * past `ORDER_LIST_COUNT_CAP` the count is the cap with `capped: true`.
 */
export async function countByStatus(db: Db, ctx: RequestContext, keys: string): Promise<StatusCount[]> {
  const wanted = [
    ...new Set(
      keys
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  const byKey = wanted.map((key) => ({ key, statuses: statusesOf(key) }));
  const all = [...new Set(byKey.flatMap((k) => k.statuses))];
  // Each status is counted up to one past the cap (an index-only walk of at most that many
  // entries), all in one statement, so the tabs cost the same at a million orders as at a thousand.
  const cappedCountOf = (status: (typeof all)[number]) =>
    sql<number>`(${db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(flightOrders)
        .where(and(orderScope(ctx), eq(flightOrders.status, status)))
        .limit(ORDER_LIST_COUNT_CAP + 1)
        .as('matching'),
    )})`.mapWith(Number);
  const counts = new Map<string, number>();
  if (all.length) {
    const fields = Object.fromEntries(all.map((status, i) => [`n${i}`, cappedCountOf(status)]));
    const [row] = await db.select(fields).from(sql`(select 1) as one`);
    all.forEach((status, i) => counts.set(status, row?.[`n${i}`] ?? 0));
  }
  return byKey.map(({ key, statuses }) => {
    const n = statuses.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0);
    return n > ORDER_LIST_COUNT_CAP
      ? { status: key, cnt: ORDER_LIST_COUNT_CAP, capped: true }
      : { status: key, cnt: n };
  });
}
