/*
 * The SQL of the booking records: which rows of `booking_records` (kept by the database, one per
 * passenger x segment of a ticketed order) match, and each ticket-segment's kept claim.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  TICKET_STATUS_BY_AFTER_SALES,
  type TicketStatus,
  type VoyageFilters,
} from '@portal/domain/booking-records';
import type { RequestContext } from '../../platform/request-context';
import { flightOrders, orderScopeSql, ticketClaims } from '../flight-orders/index';
import { bookingRecords } from './booking-records.schema';

/**
 * Filters, and for a page read by cursor the cursor (`VOYAGE_CURSOR`): what the reads narrow by.
 * `bookingOrderIds`: the orders whose booking number has the part `bookingNumber`, when read once
 * beforehand (`ordersWithBookingNumberPart`), so the page and the count do not search for it each.
 */
export type VoyageRead = VoyageFilters & {
  after?: string | undefined;
  bookingOrderIds?: string[] | undefined;
};

/** The parts of a cursor `after` (`VOYAGE_CURSOR`). */
function cursorOf(after: string) {
  const [micros, orderId, pn, idx] = after.split('_');
  return { micros: micros ?? '0', orderId: orderId ?? '', pn: Number(pn), idx: Number(idx) };
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const WHOLE_BOOKING_NUMBER = /^F\d{14}$/i;

/** Whether `bookingNumber` is searched as a part of the orders' booking numbers (not a whole one). */
export const searchesBookingNumberPart = (q: VoyageFilters) =>
  Boolean(q.bookingNumber?.trim()) && !WHOLE_BOOKING_NUMBER.test(q.bookingNumber?.trim() ?? '');

/**
 * The orders (of any agency: the rows' own scope still applies) whose booking number has the part
 * `q.bookingNumber`, at most `limit` + 1 of them: one search of the booking numbers' trigram index
 * (a part of digits common in booking numbers rechecks thousands of orders, tens of ms).
 */
export function ordersWithBookingNumberPart(q: VoyageFilters, limit: number): SQL {
  return sql`select f.id from ${flightOrders} f
    where f.booking_number ilike ${likeText(q.bookingNumber?.trim() ?? '')} limit ${limit + 1}`;
}

const CLAIM_KIND_OF: Partial<Record<TicketStatus, 'change' | 'refund' | 'void'>> = {
  changed: 'change',
  refunded: 'refund',
  voided: 'void',
};

const ticketText = (text: string) => text.replaceAll('-', '').toUpperCase();
const passengerText = (text: string) => text.trim().toUpperCase().replace(/\s+/g, '/');
const flightText = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/**
 * Whether the read filters on the rows' passenger, ticket, flight, departure or ticket status
 * (what `VOYAGE_SEARCH_COUNT_CAP` counts to), not only on the order (booking number, PNR).
 */
export const filtersRows = (q: VoyageFilters) =>
  Boolean(q.dateFrom || q.dateTo || q.passenger || q.ticketNumber || q.flightNumber || q.status);

/**
 * The conditions on a booking record `r` besides its ticket status: the agency's (or the user's
 * own) rows, read in the list's order from `booking_records_agency_list_idx` (or its user
 * variant); a booking number or PNR through the order's unique, trigram or PNR index; a part of
 * a passenger name, ticket or flight number through the rows' trigram indexes.
 */
export function recordConditions(ctx: RequestContext, q: VoyageRead): SQL[] {
  const where: SQL[] = [orderScopeSql(ctx, 'r')];
  if (q.bookingNumber) {
    const text = q.bookingNumber.trim();
    const ids = q.bookingOrderIds;
    where.push(
      ids
        ? ids.length === 0
          ? sql`false`
          : sql`r.order_id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
        : WHOLE_BOOKING_NUMBER.test(text)
          ? sql`r.order_id in (select f.id from ${flightOrders} f where f.booking_number = ${text.toUpperCase()})`
          : sql`r.order_id in (select f.id from ${flightOrders} f where f.booking_number ilike ${likeText(text)})`,
    );
  }
  if (q.pnr) {
    where.push(
      sql`r.order_id in (select f.id from ${flightOrders} f where ${orderScopeSql(ctx, 'f')} and f.pnr = ${q.pnr.toUpperCase()})`,
    );
  }
  if (q.ticketNumber) where.push(sql`r.ticket_search like ${likeText(ticketText(q.ticketNumber))}`);
  if (q.passenger) where.push(sql`r.passenger_name like ${likeText(passengerText(q.passenger))}`);
  if (q.flightNumber) where.push(sql`r.flight_number like ${likeText(flightText(q.flightNumber))}`);
  if (q.dateFrom) where.push(sql`r.departure_date >= ${q.dateFrom}`);
  if (q.dateTo) where.push(sql`r.departure_date <= ${q.dateTo}`);
  // A ticket changed, refunded or voided keeps its claim: only ticket-segments with one can match.
  const kind = q.status ? CLAIM_KIND_OF[q.status] : undefined;
  if (kind) {
    where.push(sql`(r.order_id, r.passenger_id, r.segment_index) in (
      select c.order_id, c.passenger_id, c.segment_index from ${ticketClaims} c
      where c.released_at is null and c.kind = ${kind})`);
  }
  // After a cursor: the rows booked before its order, and its order's rows past its passenger and segment.
  if (q.after) {
    const c = cursorOf(q.after);
    where.push(sql`(r.created_at, r.order_id) <= (timestamptz 'epoch' + ${c.micros}::bigint * interval '1 microsecond',
      ${c.orderId}::uuid)`);
    where.push(
      sql`(r.order_id <> ${c.orderId}::uuid or (r.passenger_number, r.segment_index) > (${c.pn}::int, ${c.idx}::int))`,
    );
  }
  return where;
}

/** The derived ticket status of a row, in SQL (see `TICKET_STATUS_BY_AFTER_SALES`). */
function ticketStatusSql(): SQL {
  const byStatus = Object.entries(TICKET_STATUS_BY_AFTER_SALES).map(
    ([status, ticket]) => sql`when ${status} then ${ticket}`,
  );
  return sql`(case k.status ${sql.join(byStatus, sql` `)} else 'issued' end)`;
}

/** The live claim `k` on the ticket-segment of row `r` and its after-sales order, if any. */
const claimOfRow = sql`left join lateral (
      select a.id, a.booking_number, a.type, a.status
      from ${ticketClaims} c
      join ${flightOrders} a on a.id = c.after_sales_order_id
      where c.order_id = r.order_id and c.passenger_id = r.passenger_id and c.segment_index = r.segment_index
        and c.released_at is null
      limit 1
    ) k on true`;

/** The list's order. */
const LIST_ORDER = sql`r.created_at desc, r.order_id desc, r.passenger_number, r.segment_index`;

/**
 * `from … where …` of the matching rows `r`; with a ticket status the claim `k` of each row is
 * joined to filter on.
 */
export function matchingRows(ctx: RequestContext, q: VoyageRead): SQL {
  const where = recordConditions(ctx, q);
  if (q.status) where.push(sql`${ticketStatusSql()} = ${q.status}`);
  return sql`from ${bookingRecords} r ${q.status ? claimOfRow : sql``}
    where ${sql.join(where, sql` and `)}`;
}

/**
 * `limit` matching rows from `offset`, in the list's order, with their claims. The page's keys
 * are read first (from the list's index alone when nothing but the agency narrows, so the rows
 * skipped by an offset are index entries), then only the page's rows and claims.
 */
export function pageOfRows(ctx: RequestContext, q: VoyageRead, limit: number, offset: number): SQL {
  return sql`with page as materialized (
      select r.order_id, r.passenger_number, r.segment_index ${matchingRows(ctx, q)}
      order by ${LIST_ORDER} limit ${limit} offset ${offset}
    )
    select r.order_id, r.booking_number, r.order_type, r.pnr, r.created_at,
      (extract(epoch from r.created_at) * 1000000)::bigint::text as micros, r.passenger_number as pn,
      r.passenger as pax, r.ticket_number, r.segment_index, r.segment as seg,
      k.id as as_id, k.booking_number as as_booking_number, k.type as as_type, k.status as as_status
    from page p
    join ${bookingRecords} r using (order_id, passenger_number, segment_index)
    ${claimOfRow}
    order by ${LIST_ORDER}`;
}
