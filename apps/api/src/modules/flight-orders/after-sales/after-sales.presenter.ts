import { sql, type SQL } from 'drizzle-orm';
import type { RelatedOrder } from '@portal/domain/after-sales';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { Db } from '../../../platform/db';
import { jsonRowSql, rowsFromJson } from '../../../platform/db/json-rows';
import { rowsOf } from '../../../platform/db/rows';
import { presentOrder } from '../flight-orders.presenter';
import { flightOrders, orderEvents, type FlightOrderRow } from '../flight-orders.schema';
import { ticketClaims } from './after-sales.schema';
import { disruptionOnRecordSql } from './involuntary-refund';
import { ancillariesFrom, ancillariesSql } from '../order-ancillaries';
import { paymentIssueFrom, paymentIssueSql } from '../../payments/index';

/** What `detailSql` reads beside the order's row, each a JSON value. */
interface DetailRead {
  events: unknown;
  related: unknown;
  claimed: number;
  disruption: string | null;
  ancillaries: unknown;
  payment_issue: unknown;
}

/**
 * In one statement, what an order's page shows beyond its own row: its timeline; the orders linked
 * to it (its original, and the change, refund and void orders started from it), oldest first; how
 * many of its ticket-segments are claimed; whether the supplier recorded a disruption on it or an
 * order it was changed from; its original booking's seats and bags; and its payment's refunds or
 * disputes outside the portal.
 */
function detailSql(row: FlightOrderRow): SQL {
  const linked = row.originalBookingId
    ? sql`(f.original_booking_id = ${row.id} or f.id = ${row.originalBookingId})`
    : sql`f.original_booking_id = ${row.id}`;
  return sql`select
    (select json_agg(${jsonRowSql(orderEvents, 'e')} order by e.id) from ${orderEvents} e
      where e.order_id = ${row.id}) as events,
    (select json_agg(json_build_array(f.id, f.booking_number, f.type, f.status, f.created_at)
        order by f.created_at, f.id)
      from ${flightOrders} f where f.agency_id = ${row.agencyId} and ${linked}) as related,
    (select count(*)::int from ${ticketClaims} c
      where c.order_id = ${row.id} and c.released_at is null) as claimed,
    ${disruptionOnRecordSql(row)} as disruption,
    ${ancillariesSql(row.originalBookingId ?? row.id)} as ancillaries,
    ${paymentIssueSql(row.id)} as payment_issue`;
}

/** A linked order as `detailSql` writes it: id, booking number, type, status, created. */
function relatedFrom(value: unknown): RelatedOrder {
  const [id, bookingNumber, type, status, createdAt] = value as [
    string,
    string,
    RelatedOrder['type'],
    RelatedOrder['status'],
    string,
  ];
  return { id, bookingNumber, type, status, bookingTime: new Date(createdAt).toISOString() };
}

/** The full `FlightOrder` of a row: its timeline, linked orders and the actions its free tickets allow. */
export async function presentFullOrder(db: Db, row: FlightOrderRow, now: Date): Promise<FlightOrder> {
  const [read] = await rowsOf<DetailRead>(db, detailSql(row));
  const related = Array.isArray(read?.related) ? read.related.map(relatedFrom) : [];
  return presentOrder(row, rowsFromJson(orderEvents, read?.events), now, {
    related,
    claimedTickets: read?.claimed ?? 0,
    disruptionOnRecord: (read?.disruption ?? null) !== null,
    ancillaries: ancillariesFrom(read?.ancillaries),
    paymentIssue: paymentIssueFrom(read?.payment_issue),
  });
}
