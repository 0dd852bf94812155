import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  TICKET_STATUS_BY_AFTER_SALES,
  VOYAGE_COUNT_CAP,
  VOYAGE_SEARCH_COUNT_CAP,
  VoyageRow,
  ticketStatusOf,
  type TicketStatus,
  type VoyageFilters,
  type VoyageList,
  type VoyageListQuery,
} from '@portal/domain/booking-records';
import type { Db } from '../../platform/db';
import type { RequestContext } from '../../platform/request-context';
import { ticketClaims } from '../flight-orders/index';
import { orderScopeSql } from '../flight-orders/index';
import { flightOrders } from '../flight-orders/index';
import { rowsOf } from '../../platform/db/rows';

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
    orderScopeSql(ctx, 'o'),
    sql`o.status in ('issued', 'changed')`,
    sql`((o.type = 'origin' and o.status = 'issued') or (o.type = 'change' and o.status = 'changed'))`,
  ];
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
  // A ticket changed, refunded or voided keeps its claim: only orders with such a claim can match.
  const kind = q.status ? CLAIM_KIND_OF[q.status] : undefined;
  if (kind) {
    where.push(
      sql`o.id in (select c.order_id from ${ticketClaims} c where c.released_at is null and c.kind = ${kind})`,
    );
  }
  // Every segment departs at or after the order's first departure.
  if (q.dateTo) {
    const end = Date.parse(`${q.dateTo}T00:00:00Z`) + DAY_MS + MAX_ZONE_OFFSET_MS;
    where.push(sql`o.departure_at < ${new Date(end).toISOString()}`);
  }
  return where;
}

const CLAIM_KIND_OF: Partial<Record<TicketStatus, 'change' | 'refund' | 'void'>> = {
  changed: 'change',
  refunded: 'refund',
  voided: 'void',
};

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
  if (q.flightNumber) {
    where.push(sql`upper(${designatorSql()}) like ${likeText(flightText(q.flightNumber))}`);
  }
  if (q.status) where.push(sql`${ticketStatusSql()} = ${q.status}`);
  return where;
}

/** A segment's flight designator, carrier and number (`CA1501`), as the order's `flight_numbers` holds it. */
function designatorSql(): SQL {
  return sql`((s.seg->>'marketingCarrier') || (s.seg->>'flightNumber'))`;
}

/**
 * The ticket number of a passenger's segment: a conjunction ticket covers four coupons, so the
 * n-th segment is on ticket `floor(n / 4)` (the last one when the supplier gave fewer).
 */
function ticketSql(): SQL {
  return sql`(p.pax->'ticketNumbers'->>least(s.idx / 4, jsonb_array_length(p.pax->'ticketNumbers') - 1))`;
}

/**
 * Passengers x flattened segments of the newest `orderLimit` candidate orders (read in
 * `flight_orders_agency_created_id_idx` order) after `orderOffset`, with each ticket-segment's kept
 * claim. The candidates are a materialized CTE with a limit, which the planner plans on its own:
 * merged into the outer query, it costed the JSON expansion per order and read the whole table
 * even for one booking number; as a plain subquery the outer page's limit still made the
 * newest-first index walk look cheap, which read all 100,000 orders' index entries and rows for
 * one booking number (99 ms against 0.4 ms, docs/performance/other-lists.md).
 */
function rowsFrom(ctx: RequestContext, q: VoyageFilters, orderLimit: number, orderOffset = 0): SQL {
  const rowWhere = rowConditions(q);
  const bound = sql`order by o.created_at desc, o.id desc limit ${orderLimit} offset ${orderOffset}`;
  return sql`
    from (
      with candidates as materialized (
        select o.id, o.booking_number, o.type, o.pnr, o.created_at, o.passengers, o.solution
        from ${flightOrders} o
        where ${sql.join(orderConditions(ctx, q), sql` and `)}
        ${bound}
      )
      select * from candidates
    ) o
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
    ${rowWhere.length ? sql`where ${sql.join(rowWhere, sql` and `)}` : sql``}`;
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
async function allCandidatesWithin(db: Db, ctx: RequestContext, q: VoyageFilters, window: number) {
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
  q: VoyageFilters,
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
  const read = async (window: number, skipOrders = 0, rowOffset = offset) =>
    rowsOf<unknown>(
      db,
      sql`select o.id as order_id, o.booking_number, o.type as order_type, o.pnr, o.created_at,
          p.pax, ${ticketSql()} as ticket_number, s.idx as segment_index, s.seg,
          k.id as as_id, k.booking_number as as_booking_number, k.type as as_type, k.status as as_status
        ${rowsFrom(ctx, q, window, skipOrders)}
        order by o.created_at desc, o.id desc, p.pn, s.idx
        limit ${limit} offset ${rowOffset}`,
    );
  let rows: unknown[];
  if (rowConditions(q).length === 0) {
    // The orders wholly before the page are skipped uncounted in JSON: only the rest is expanded.
    const before = offset > 0 ? await ordersBefore(db, ctx, q, offset) : { orders: 0, rows: 0 };
    const rowOffset = offset - before.rows;
    rows = await read(rowOffset + limit, before.orders, rowOffset);
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
  return rows.map(present);
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
  const [list, n] = await withoutJit(db, async (tx) => [
    await voyageRows(tx, ctx, q, q.pageSize, (q.page - 1) * q.pageSize),
    await cappedCount(tx, ctx, q),
  ]);
  const cap = countCapOf(q);
  return {
    list,
    total: Math.min(n, cap),
    totalCapped: n > cap,
    page: q.page,
    pageSize: q.pageSize,
  };
}
