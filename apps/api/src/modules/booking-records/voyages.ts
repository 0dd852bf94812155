import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  TICKET_STATUS_BY_AFTER_SALES,
  VOYAGE_COUNT_CAP,
  VoyageRow,
  ticketStatusOf,
  type VoyageFilters,
  type VoyageList,
  type VoyageListQuery,
} from '@portal/domain/booking-records';
import type { Db } from '../../platform/db';
import type { RequestContext } from '../../platform/request-context';
import { ticketClaims } from '../after-sales/after-sales.schema';
import { flightOrders } from '../flight-orders/flight-orders.schema';
import { rowsOf } from '../wallet/ledger.repo';

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const WHOLE_BOOKING_NUMBER = /^F\d{14}$/i;
const DAY_MS = 86_400_000;
/** The furthest a local date is from UTC (UTC+14): bounds a local departure date in UTC. */
const MAX_ZONE_OFFSET_MS = 14 * 3_600_000;

/**
 * Order-level conditions: the agency's (or the user's own) ticketed orders, narrowed by the
 * order's own searchable columns so that only candidate orders are expanded into rows. The
 * agency and status pair reads `flight_orders_agency_status_idx`; a booking number its unique or
 * trigram index; a PNR `flight_orders_agency_pnr_idx`.
 */
function orderConditions(ctx: RequestContext, q: VoyageFilters): SQL[] {
  const where: SQL[] = [
    sql`o.agency_id = ${ctx.agency.id}`,
    sql`o.status in ('issued', 'changed')`,
    sql`((o.type = 'origin' and o.status = 'issued') or (o.type = 'change' and o.status = 'changed'))`,
  ];
  if (ctx.agency.commonConfig.onlyShowOwnOrders === true) where.push(sql`o.user_id = ${ctx.user.id}`);
  if (q.bookingNumber) {
    const text = q.bookingNumber.trim();
    where.push(
      WHOLE_BOOKING_NUMBER.test(text)
        ? sql`o.booking_number = ${text.toUpperCase()}`
        : sql`o.booking_number ilike ${likeText(text)}`,
    );
  }
  if (q.pnr) where.push(sql`o.pnr = ${q.pnr.toUpperCase()}`);
  if (q.ticketNumber) where.push(sql`o.ticket_numbers ilike ${likeText(ticketText(q.ticketNumber))}`);
  if (q.passenger) where.push(sql`o.passenger_names ilike ${likeText(passengerText(q.passenger))}`);
  if (q.flightNumber) where.push(sql`o.flight_numbers ilike ${likeText(flightText(q.flightNumber))}`);
  // Every segment departs at or after the order's first departure.
  if (q.dateTo) {
    const end = Date.parse(`${q.dateTo}T00:00:00Z`) + DAY_MS + MAX_ZONE_OFFSET_MS;
    where.push(sql`o.departure_at < ${new Date(end).toISOString()}`);
  }
  return where;
}

const ticketText = (text: string) => text.replaceAll('-', '').toUpperCase();
const passengerText = (text: string) => text.trim().toUpperCase().replace(/\s+/g, '/');
const flightText = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** The derived ticket status of a row, in SQL (see `TICKET_STATUS_BY_AFTER_SALES`). */
function ticketStatusSql(): SQL {
  const byStatus = Object.entries(TICKET_STATUS_BY_AFTER_SALES).map(
    ([status, ticket]) => sql`when ${status} then ${ticket}`,
  );
  return sql`(case k.status ${sql.join(byStatus, sql` `)} else 'issued' end)`;
}

/** Row-level conditions on the passenger, the segment and the ticket's status. */
function rowConditions(q: VoyageFilters): SQL[] {
  const where: SQL[] = [];
  if (q.dateFrom) where.push(sql`left(s.seg->'departure'->>'time', 10) >= ${q.dateFrom}`);
  if (q.dateTo) where.push(sql`left(s.seg->'departure'->>'time', 10) <= ${q.dateTo}`);
  if (q.passenger) {
    where.push(
      sql`upper((p.pax->>'surname') || '/' || (p.pax->>'given_names')) like ${likeText(passengerText(q.passenger))}`,
    );
  }
  if (q.ticketNumber) {
    where.push(sql`replace(${ticketSql()}, '-', '') ilike ${likeText(ticketText(q.ticketNumber))}`);
  }
  if (q.flightNumber)
    where.push(sql`upper(s.seg->>'flightNumber') like ${likeText(flightText(q.flightNumber))}`);
  if (q.status) where.push(sql`${ticketStatusSql()} = ${q.status}`);
  return where;
}

/**
 * The ticket number of a passenger's segment: a conjunction ticket covers four coupons, so the
 * n-th segment is on ticket `floor(n / 4)` (the last one when the supplier gave fewer).
 */
function ticketSql(): SQL {
  return sql`(p.pax->'ticketNumbers'->>least(s.idx / 4, jsonb_array_length(p.pax->'ticketNumbers') - 1))`;
}

/** Passengers x flattened segments of each candidate order, with the ticket-segment's kept claim. */
function rowsFrom(ctx: RequestContext, q: VoyageFilters): SQL {
  const where = [...orderConditions(ctx, q), ...rowConditions(q)];
  return sql`
    from ${flightOrders} o
    cross join lateral jsonb_array_elements(o.passengers) with ordinality as p(pax, pn)
    cross join lateral (
      select sg.seg, (row_number() over (order by l.li, sg.si) - 1)::int as idx
      from jsonb_array_elements(o.solution->'legs') with ordinality as l(leg, li)
      cross join lateral jsonb_array_elements(l.leg->'segments') with ordinality as sg(seg, si)
    ) s
    left join lateral (
      select a.id, a.booking_number, a.type, a.status
      from ${ticketClaims} c
      join ${flightOrders} a on a.id = c.after_sales_order_id
      where c.order_id = o.id and c.passenger_id = p.pax->>'id' and c.segment_index = s.idx
        and c.released_at is null
      limit 1
    ) k on true
    where ${sql.join(where, sql` and `)}`;
}

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
    flightNumber: r.seg.flightNumber,
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
 * `limit` rows from `offset`. The order by booking time and id follows
 * `flight_orders_agency_created_id_idx`, so a page stops reading once it has its rows.
 */
export async function voyageRows(
  db: Db,
  ctx: RequestContext,
  q: VoyageFilters,
  limit: number,
  offset: number,
): Promise<VoyageRow[]> {
  const rows = await rowsOf<unknown>(
    db,
    sql`select o.id as order_id, o.booking_number, o.type as order_type, o.pnr, o.created_at,
        p.pax, ${ticketSql()} as ticket_number, s.idx as segment_index, s.seg,
        k.id as as_id, k.booking_number as as_booking_number, k.type as as_type, k.status as as_status
      ${rowsFrom(ctx, q)}
      order by o.created_at desc, o.id desc, p.pn, s.idx
      limit ${limit} offset ${offset}`,
  );
  return rows.map(present);
}

/** How many rows match, counted up to one past `VOYAGE_COUNT_CAP`. */
async function cappedCount(db: Db, ctx: RequestContext, q: VoyageFilters): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 ${rowsFrom(ctx, q)} limit ${VOYAGE_COUNT_CAP + 1}) m`,
  );
  return Number(row?.n ?? 0);
}

/** `GET /order/v2/flight/voyages`: one page of booking records with the capped total. */
export async function listVoyages(db: Db, ctx: RequestContext, q: VoyageListQuery): Promise<VoyageList> {
  const [list, n] = await Promise.all([
    voyageRows(db, ctx, q, q.pageSize, (q.page - 1) * q.pageSize),
    cappedCount(db, ctx, q),
  ]);
  return {
    list,
    total: Math.min(n, VOYAGE_COUNT_CAP),
    totalCapped: n > VOYAGE_COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
  };
}
