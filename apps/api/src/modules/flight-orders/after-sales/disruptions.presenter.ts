import { disruptionActions, type Disruption } from '@portal/domain/disruptions';
import type { Solution } from '@portal/domain/shopping';
import type { FlightOrderRow } from '../flight-orders.schema';
import type { FlightDisruptionRow } from './after-sales.schema';

/** A disruption row with what it is shown with: its order's booking number, route and passengers. */
export type Joined = {
  row: FlightDisruptionRow;
  bookingNumber: string;
  passengerNames: string;
  legs: Solution['legs'];
};

function routeOf(legs: Solution['legs']): string {
  return legs
    .map((l) => [l.segments[0]?.departure.airport, ...l.segments.map((s) => s.arrival.airport)].join('-'))
    .join(',');
}

/** The API shape of a disruption (`Disruption` of the domain). */
export function presentDisruption(j: Joined): Disruption {
  const { row } = j;
  return {
    id: row.id,
    orderId: row.orderId,
    bookingNumber: j.bookingNumber,
    route: routeOf(j.legs),
    passengerNames: j.passengerNames ? j.passengerNames.split('|') : [],
    type: row.type,
    status: row.status,
    segmentIndex: row.segmentIndex,
    before: row.before,
    after: row.after,
    raisedAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    refundOrderId: row.refundOrderId,
    allowedActions: disruptionActions(row),
  };
}

/** The presented disruption with its order's current booking number, route and passengers. */
export function presentWithOrder(disruption: FlightDisruptionRow, order: FlightOrderRow): Disruption {
  return presentDisruption({
    row: disruption,
    bookingNumber: order.bookingNumber,
    passengerNames: order.passengerNames,
    legs: order.solution.legs,
  });
}
