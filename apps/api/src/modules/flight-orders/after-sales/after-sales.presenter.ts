import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import type { RelatedOrder } from '@portal/domain/after-sales';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { Db } from '../../../platform/db';
import { presentOrder, type OrderLinks } from '../flight-orders.presenter';
import { listEvents } from '../flight-orders.repo';
import { flightOrders, type FlightOrderRow } from '../flight-orders.schema';
import { ticketClaims } from './after-sales.schema';
import { disruptionOnRecord } from './involuntary-refund';
import { ancillariesOf } from '../order-ancillaries';
import { paymentIssueOf } from '../../payments/index';

/**
 * The orders linked to `row` (its original, and the change, refund and void orders started from
 * it), oldest first, how many of its ticket-segments are claimed, and whether the supplier
 * recorded a disruption on it or an order it was changed from.
 */
export async function loadOrderLinks(db: Db, row: FlightOrderRow): Promise<OrderLinks> {
  const linked = row.originalBookingId
    ? or(eq(flightOrders.originalBookingId, row.id), eq(flightOrders.id, row.originalBookingId))
    : eq(flightOrders.originalBookingId, row.id);
  // One after the other: inside a transaction both run on its one connection anyway.
  const related = await db
    .select({
      id: flightOrders.id,
      bookingNumber: flightOrders.bookingNumber,
      type: flightOrders.type,
      status: flightOrders.status,
      createdAt: flightOrders.createdAt,
    })
    .from(flightOrders)
    .where(and(eq(flightOrders.agencyId, row.agencyId), linked))
    .orderBy(asc(flightOrders.createdAt), asc(flightOrders.id));
  const [claimed] = await db
    .select({ n: count() })
    .from(ticketClaims)
    .where(and(eq(ticketClaims.orderId, row.id), isNull(ticketClaims.releasedAt)));
  return {
    related: related.map((r): RelatedOrder => ({
      id: r.id,
      bookingNumber: r.bookingNumber,
      type: r.type,
      status: r.status,
      bookingTime: r.createdAt.toISOString(),
    })),
    claimedTickets: claimed?.n ?? 0,
    disruptionOnRecord: (await disruptionOnRecord(db, row)) !== null,
    ancillaries: await ancillariesOf(db, [row.originalBookingId ?? row.id]),
    paymentIssue: await paymentIssueOf(db, row.id),
  };
}

/** The full `FlightOrder` of a row: its timeline, linked orders and the actions its free tickets allow. */
export async function presentFullOrder(db: Db, row: FlightOrderRow, now: Date): Promise<FlightOrder> {
  const events = await listEvents(db, row.id);
  return presentOrder(row, events, now, await loadOrderLinks(db, row));
}
