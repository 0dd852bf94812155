import { and, eq, inArray, isNull, like, lte, or } from 'drizzle-orm';
import {
  findDuplicateBookings,
  SEAT_HOLDING_STATUSES,
  TICKET_GONE_STATUSES,
  type BookedFlight,
  type DuplicateBooking,
  type HeldBooking,
  type Traveller,
} from '@portal/domain/duplicate-booking';
import type { Db } from '../../platform/db';
import { likeContaining } from '../../platform/db/like';
import type { RequestContext } from '../../platform/request-context';
import { ticketClaims } from './after-sales/after-sales.schema';
import type { Offer } from '../shopping/index';
import { orderScope } from './flight-orders.policy';
import { flightOrders } from './flight-orders.schema';

/** A held booking's first departure at most this long after the new trip's last arrival still counts. */
const SAME_DATE_MARGIN_MS = 86_400_000;

/** The flights of an offer as the duplicate rule compares them, in the order's segment order. */
export function bookedFlights(offer: Offer): BookedFlight[] {
  // Hand-made rows of old data may lack legs.
  const legs: Offer['legs'] | undefined = offer.legs;
  return (legs ?? []).flatMap((leg) =>
    leg.segments.map((s) => ({
      flight: `${s.carrier}${s.flightNumber}`,
      date: s.departureLocal.slice(0, 10),
      departureUtc: Date.parse(s.departureUtc),
      arrivalUtc: Date.parse(s.arrivalUtc),
    })),
  );
}

/**
 * The live bookings `viewer` may see (`orderScope`: the agency's, or only the user's own when the
 * agency says so, so that the answer names no booking the user could not open) that may duplicate
 * a new booking of `travellers` on `offer`
 * (`findDuplicateBookings`): originals and change orders that hold seats (`SEAT_HOLDING_STATUSES`)
 * and name one of the travellers, each passenger with the flights still theirs (a segment refunded,
 * voided or changed away, `TICKET_GONE_STATUSES`, no longer is). A read outside any transaction:
 * the check warns the agent, it does not lock out a concurrent booking.
 */
export async function findDuplicates(
  db: Db,
  viewer: Pick<RequestContext, 'agency' | 'user'>,
  travellers: readonly Traveller[],
  offer: Offer,
): Promise<DuplicateBooking[]> {
  const flights = bookedFlights(offer);
  const lastArrival = Math.max(...flights.map((f) => f.arrivalUtc));
  if (travellers.length === 0 || !Number.isFinite(lastArrival)) return [];
  const names = [...new Set(travellers.map((t) => `${t.surname}/${t.givenNames}`.toUpperCase()))];
  const rows = await db
    .select({
      id: flightOrders.id,
      bookingNumber: flightOrders.bookingNumber,
      passengers: flightOrders.passengers,
      offer: flightOrders.offer,
    })
    .from(flightOrders)
    .where(
      and(
        orderScope(viewer),
        inArray(flightOrders.status, [...SEAT_HOLDING_STATUSES]),
        lte(flightOrders.departureAt, new Date(lastArrival + SAME_DATE_MARGIN_MS)),
        // A pattern, not `position()`: the names' trigram index finds the few orders naming a
        // traveller, where the agency's departures up to the date would be all its past orders.
        or(...names.map((name) => like(flightOrders.passengerNames, likeContaining(name)))),
      ),
    );
  if (rows.length === 0) return [];
  const gone = await goneSegments(
    db,
    rows.map((r) => r.id),
  );
  const held: HeldBooking[] = rows.map((row) => {
    const orderFlights = bookedFlights(row.offer);
    return {
      bookingNumber: row.bookingNumber,
      passengers: row.passengers.map((p) => ({
        traveller: {
          surname: p.surname,
          givenNames: p.given_names,
          documentNumber: p.travel_document.number,
        },
        flights: orderFlights.filter((_, i) => !gone.has(`${row.id}|${p.id}|${i}`)),
      })),
    };
  });
  return findDuplicateBookings({ travellers, flights }, held);
}

/** `order|passenger|segment` of the ticket-segments of `orderIds` refunded, voided or changed away. */
async function goneSegments(db: Db, orderIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({
      orderId: ticketClaims.orderId,
      passengerId: ticketClaims.passengerId,
      segmentIndex: ticketClaims.segmentIndex,
    })
    .from(ticketClaims)
    .innerJoin(flightOrders, eq(flightOrders.id, ticketClaims.afterSalesOrderId))
    .where(
      and(
        inArray(ticketClaims.orderId, orderIds),
        isNull(ticketClaims.releasedAt),
        inArray(flightOrders.status, [...TICKET_GONE_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => `${r.orderId}|${r.passengerId}|${r.segmentIndex}`));
}
