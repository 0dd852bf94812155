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
import { rowsOf } from '../../platform/db/rows';
import {
  filtersRows,
  matchingRows,
  ordersWithBookingNumberPart,
  pageOfRows,
  searchesBookingNumberPart,
  type VoyageRead,
} from './voyages.sql';

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

/**
 * Booking records in the list's order (newest bookings first, then passenger and segment order):
 * `limit` rows from `offset`, read from `booking_records` (one row per passenger x segment, kept
 * by the database): no order's JSON is expanded, whatever the filters and however deep the page.
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
  const rows = await rowsOf<{ micros: string; order_id: string; pn: number | string; segment_index: number }>(
    db,
    pageOfRows(ctx, q, limit, offset),
  );
  const last = rows.length === limit ? rows[rows.length - 1] : undefined;
  return {
    rows: rows.map(present),
    ...(last ? { next: `${last.micros}_${last.order_id}_${last.pn}_${last.segment_index}` } : {}),
  };
}

/**
 * The most rows the list counts: `VOYAGE_COUNT_CAP`, or with a filter on the rows
 * `VOYAGE_SEARCH_COUNT_CAP` (as the screen says: "1,000+").
 */
export const countCapOf = (q: VoyageFilters) => (filtersRows(q) ? VOYAGE_SEARCH_COUNT_CAP : VOYAGE_COUNT_CAP);

/**
 * How many rows match, counted up to one past `countCapOf(q)`: at most cap + 1 rows are read, in
 * the list's order (without a filter on the rows, index entries only), however many match.
 */
async function cappedCount(db: Db, ctx: RequestContext, q: VoyageRead): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 ${matchingRows(ctx, q)} limit ${countCapOf(q) + 1}) m`,
  );
  return Number(row?.n ?? 0);
}

/** The most orders a part of a booking number is resolved to before the page and the count read. */
const BOOKING_NUMBER_PART_ORDERS = 1_000;

/**
 * With a part of a booking number and the count asked for, the orders having it, read once for
 * both statements (each searched the trigram index on its own: twice the cost, up to tens of ms
 * each for a part of digits common in booking numbers); without it or past
 * `BOOKING_NUMBER_PART_ORDERS` orders, each statement searches as before.
 */
async function bookingOrderIdsOf(db: Db, q: VoyageListQuery): Promise<string[] | undefined> {
  if (!q.count || !searchesBookingNumberPart(q)) return undefined;
  const found = await rowsOf<{ id: string }>(db, ordersWithBookingNumberPart(q, BOOKING_NUMBER_PART_ORDERS));
  return found.length > BOOKING_NUMBER_PART_ORDERS ? undefined : found.map((row) => row.id);
}

/**
 * `GET /order/v2/flight/voyages`: one page of booking records with the capped total, read side by
 * side on the pool (two statements of a few milliseconds each, no transaction around them); with
 * `count=false` the page alone (the web has the total of the filter from its first page).
 */
export async function listVoyages(db: Db, ctx: RequestContext, q: VoyageListQuery): Promise<VoyageList> {
  const { after, count, ...filters } = q;
  const bookingOrderIds = await bookingOrderIdsOf(db, q);
  const [page, n] = await Promise.all([
    voyagePage(db, ctx, { ...q, bookingOrderIds }, q.pageSize, after ? 0 : (q.page - 1) * q.pageSize),
    count ? cappedCount(db, ctx, { ...filters, bookingOrderIds }) : undefined,
  ]);
  const cap = countCapOf(q);
  return {
    list: page.rows,
    ...(page.next ? { next: page.next } : {}),
    ...(n === undefined ? {} : { total: Math.min(n, cap), totalCapped: n > cap }),
    page: q.page,
    pageSize: q.pageSize,
  };
}
