import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  VOYAGE_COUNT_CAP,
  VOYAGE_SEARCH_COUNT_CAP,
  VoyageRow,
  ticketStatusOf,
  type VoyageFilters,
  type VoyageList,
  type VoyageListQuery,
} from '@portal/domain/booking-records';
import type { Db } from '../../platform/db';
import type { RequestContext } from '../../platform/request-context';
import { flightOrders } from '../flight-orders/index';
import { rowsOf } from '../../platform/db/rows';
import { orderConditions, rowConditions, rowsFrom, ticketSql, type VoyageRead } from './voyages.sql';

const RawRow = z.object({
  order_id: z.string(),
  booking_number: z.string(),
  order_type: z.enum(['origin', 'change']),
  pnr: z.string().nullable(),
  created_at: z.union([z.date(), z.string()]),
  pax: z.object({
    id: z.string(),
    surname: z.string(),
    given_names: z.string(),
    type: z.string(),
  }),
  ticket_number: z.string().nullable(),
  segment_index: z.coerce.number().int(),
  seg: z.object({
    flightNumber: z.string(),
    marketingCarrier: z.string(),
    cabin: z.string(),
    departure: z.object({ airport: z.string(), time: z.string(), timeZone: z.string() }),
    arrival: z.object({ airport: z.string(), time: z.string(), timeZone: z.string() }),
  }),
  as_id: z.string().nullable(),
  as_booking_number: z.string().nullable(),
  as_type: z.string().nullable(),
  as_status: z.string().nullable(),
});

function present(raw: unknown): VoyageRow {
  const r = RawRow.parse(raw);
  const afterSales =
    r.as_id && r.as_booking_number && r.as_type && r.as_status
      ? { orderId: r.as_id, bookingNumber: r.as_booking_number, type: r.as_type, status: r.as_status }
      : null;
  return VoyageRow.parse({
    orderId: r.order_id,
    bookingNumber: r.booking_number,
    orderType: r.order_type,
    pnr: r.pnr,
    bookingTime: new Date(r.created_at).toISOString(),
    passengerId: r.pax.id,
    passengerName: `${r.pax.surname}/${r.pax.given_names}`,
    passengerType: r.pax.type,
    ticketNumber: r.ticket_number,
    segmentIndex: r.segment_index,
    flightNumber: `${r.seg.marketingCarrier}${r.seg.flightNumber}`,
    marketingCarrier: r.seg.marketingCarrier,
    departure: r.seg.departure,
    arrival: r.seg.arrival,
    cabin: r.seg.cabin,
    ticketStatus: ticketStatusOf(r.as_status),
    afterSales,
  });
}

/** `|`-separated entries of a searchable text column (`passenger_names`, `flight_numbers`). */
const entriesOf = (column: 'passenger_names' | 'flight_numbers') =>
  sql.raw(`(length(o.${column}) - length(replace(o.${column}, '|', '')) + 1)`);

/** The first window of candidate orders a filtered read expands; each next one is 4 times larger. */
const FIRST_WINDOW = 500;

/** Whether fewer than `window` candidate orders exist (the window held them all). */
async function allCandidatesWithin(db: Db, ctx: RequestContext, q: VoyageRead, window: number) {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${flightOrders} o
      where ${sql.join(orderConditions(ctx, q), sql` and `)} limit ${window}) m`,
  );
  return Number(row?.n ?? 0) < window;
}

/**
 * Reads rows from the newest candidate orders, widening the window until `enough(result)` or the
 * window holds every candidate. Rows sort by booking time first, so once the newest orders give
 * enough rows, older orders cannot change the answer.
 */
async function widening<T>(
  db: Db,
  ctx: RequestContext,
  q: VoyageRead,
  start: number,
  read: (window: number) => Promise<T>,
  enough: (result: T) => boolean,
): Promise<T> {
  for (let window = start; ; window *= 4) {
    const result = await read(window);
    if (enough(result) || (await allCandidatesWithin(db, ctx, q, window))) return result;
  }
}

/**
 * Booking records in the list's order (newest bookings first, then passenger and segment order):
 * `limit` rows from `offset`. Without a row-level filter every order has at least one row, so
 * the newest `offset + limit` orders hold the page and only those are expanded, however large the
 * table. With one (departure date, ticket status issued, or a passenger, ticket or flight that the
 * order's searchable columns matched) the newest 500 candidate orders are expanded, then 2,000,
 * 8,000 and so on until the page is full or no candidate is left.
 */
export async function voyageRows(
  db: Db,
  ctx: RequestContext,
  q: VoyageFilters,
  limit: number,
  offset: number,
): Promise<VoyageRow[]> {
  return (await voyagePage(db, ctx, q, limit, offset)).rows;
}

/**
 * `voyageRows`, and the cursor of the last row when the page is full (`next`). With `q.after` the
 * rows are the ones after that cursor and `offset` is 0.
 */
async function voyagePage(
  db: Db,
  ctx: RequestContext,
  q: VoyageRead,
  limit: number,
  offset: number,
): Promise<{ rows: VoyageRow[]; next?: string }> {
  const read = async (window: number, skipOrders = 0, rowOffset = offset) =>
    rowsOf<{ micros: string; order_id: string; pn: number | string; segment_index: number }>(
      db,
      sql`select o.id as order_id, o.booking_number, o.type as order_type, o.pnr, o.created_at,
          (extract(epoch from o.created_at) * 1000000)::bigint::text as micros, p.pn,
          p.pax, ${ticketSql()} as ticket_number, s.idx as segment_index, s.seg,
          k.id as as_id, k.booking_number as as_booking_number, k.type as as_type, k.status as as_status
        ${rowsFrom(ctx, q, window, skipOrders)}
        order by o.created_at desc, o.id desc, p.pn, s.idx
        limit ${limit} offset ${rowOffset}`,
    );
  let rows: Awaited<ReturnType<typeof read>>;
  if (rowConditions(q).length === 0) {
    // The orders wholly before the page are skipped uncounted in JSON: only the rest is expanded.
    // After a cursor its order may have no row left: one order more.
    const before = offset > 0 ? await ordersBefore(db, ctx, q, offset) : { orders: 0, rows: 0 };
    const rowOffset = offset - before.rows;
    rows = await read(rowOffset + limit + (q.after ? 1 : 0), before.orders, rowOffset);
  } else {
    rows = await widening(
      db,
      ctx,
      q,
      Math.max(FIRST_WINDOW, offset + limit),
      read,
      (r) => r.length === limit,
    );
  }
  const last = rows.length === limit ? rows[rows.length - 1] : undefined;
  return {
    rows: rows.map(present),
    ...(last ? { next: `${last.micros}_${last.order_id}_${last.pn}_${last.segment_index}` } : {}),
  };
}

/**
 * Without a row-level filter: how many of the newest candidate orders end before row `offset`, and
 * their rows, counted from their short searchable columns (passengers times segments, as
 * `cappedCount` counts them) instead of expanding their JSON. At most `offset` orders are read,
 * each having a row at least; a deep page then expands its own few orders only.
 */
async function ordersBefore(
  db: Db,
  ctx: RequestContext,
  q: VoyageFilters,
  offset: number,
): Promise<{ orders: number; rows: number }> {
  const [row] = await rowsOf<{ orders: number | string; rows: number | string }>(
    db,
    sql`select count(*)::int as orders, coalesce(sum(n), 0)::int as rows from (
          select n, sum(n) over (order by created_at desc, id desc) as upto from (
            select o.created_at, o.id, ${entriesOf('passenger_names')} * ${entriesOf('flight_numbers')} as n
            from ${flightOrders} o where ${sql.join(orderConditions(ctx, q), sql` and `)}
            order by o.created_at desc, o.id desc limit ${offset}) c) w
        where upto <= ${offset}`,
  );
  return { orders: Number(row?.orders ?? 0), rows: Number(row?.rows ?? 0) };
}

/**
 * The most rows the list counts: `VOYAGE_COUNT_CAP`, or with a row-level filter (each candidate
 * order expanded to be counted) `VOYAGE_SEARCH_COUNT_CAP`.
 */
export const countCapOf = (q: VoyageFilters) =>
  rowConditions(q).length === 0 ? VOYAGE_COUNT_CAP : VOYAGE_SEARCH_COUNT_CAP;

/**
 * How many rows match, counted up to one past `countCapOf(q)`. Without a row-level filter an
 * order's rows are its passengers times its segments, read from its short searchable columns
 * instead of expanding its JSON; at most cap + 1 orders are read (each has at least one row).
 */
async function cappedCount(db: Db, ctx: RequestContext, q: VoyageFilters): Promise<number> {
  const cap = countCapOf(q);
  const statement =
    rowConditions(q).length === 0
      ? sql`select coalesce(sum(n), 0)::int as n from (
          select ${entriesOf('passenger_names')} * ${entriesOf('flight_numbers')} as n
          from ${flightOrders} o where ${sql.join(orderConditions(ctx, q), sql` and `)}
          limit ${cap + 1}) m`
      : undefined;
  if (statement) {
    const [row] = await rowsOf<{ n: number | string }>(db, statement);
    return Number(row?.n ?? 0);
  }
  const countWithin = async (window: number) => {
    const [row] = await rowsOf<{ n: number | string }>(
      db,
      sql`select count(*)::int as n from (select 1 ${rowsFrom(ctx, q, window)} limit ${cap + 1}) m`,
    );
    return Number(row?.n ?? 0);
  };
  // From cap + 1 orders: when most candidates match, one window counts past the cap.
  return widening(db, ctx, q, cap + 1, countWithin, (n) => n > cap);
}

/**
 * Runs the reads of `fn` without PostgreSQL's JIT compilation. The planner takes each JSON array
 * for 100 elements, so a page of a few orders looks costly enough to compile, and compiling took
 * some 300 ms of a query that runs in under 10 (measured on 100,000 orders).
 */
export function withoutJit<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return fn(tx);
  });
}

/** `GET /order/v2/flight/voyages`: one page of booking records with the capped total. */
export async function listVoyages(db: Db, ctx: RequestContext, q: VoyageListQuery): Promise<VoyageList> {
  const { after, ...filters } = q;
  const [page, n] = await withoutJit(db, async (tx) => [
    await voyagePage(tx, ctx, q, q.pageSize, after ? 0 : (q.page - 1) * q.pageSize),
    await cappedCount(tx, ctx, filters),
  ]);
  const cap = countCapOf(q);
  return {
    list: page.rows,
    ...(page.next ? { next: page.next } : {}),
    total: Math.min(n, cap),
    totalCapped: n > cap,
    page: q.page,
    pageSize: q.pageSize,
  };
}
