/*
 * The SQL of the booking records: which orders are candidates, which of their rows match, and how
 * an order expands into passengers times segments with each ticket-segment's kept claim.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  TICKET_STATUS_BY_AFTER_SALES,
  type TicketStatus,
  type VoyageFilters,
} from '@portal/domain/booking-records';
import type { RequestContext } from '../../platform/request-context';
import { flightOrders, orderScopeSql, ticketClaims } from '../flight-orders/index';

/** Filters, and for a page read by cursor the cursor (`VOYAGE_CURSOR`): what the reads narrow by. */
export type VoyageRead = VoyageFilters & { after?: string | undefined };

/** The parts of a cursor `after` (`VOYAGE_CURSOR`). */
function cursorOf(after: string) {
  const [micros, orderId, pn, idx] = after.split('_');
  return { micros: micros ?? '0', orderId: orderId ?? '', pn: Number(pn), idx: Number(idx) };
}

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
export function orderConditions(ctx: RequestContext, q: VoyageRead): SQL[] {
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
  // After a cursor: its order (for its rows after the cursor's) and the orders booked before it.
  if (q.after) {
    const c = cursorOf(q.after);
    where.push(sql`(o.created_at, o.id) <= (timestamptz 'epoch' + ${c.micros}::bigint * interval '1 microsecond',
      ${c.orderId}::uuid)`);
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
export function rowConditions(q: VoyageFilters): SQL[] {
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
export function ticketSql(): SQL {
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
export function rowsFrom(ctx: RequestContext, q: VoyageRead, orderLimit: number, orderOffset = 0): SQL {
  const rowWhere = rowConditions(q);
  if (q.after) {
    // The cursor's order's rows after the cursor's passenger and segment; older orders whole.
    const c = cursorOf(q.after);
    rowWhere.push(sql`(o.id <> ${c.orderId}::uuid or (p.pn, s.idx) > (${c.pn}::bigint, ${c.idx}::int))`);
  }
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
