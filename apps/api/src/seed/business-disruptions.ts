import type { OfferSegment, ScheduleEvent } from '../modules/shopping/index';
import { recordScheduleEvent } from '../modules/flight-orders/after-sales/disruptions';
import { DAY_MS, MINUTE_MS, type FlightHistory, type PlannedOrder } from './business-context';

/** The airlines' schedule changes of the quarter on issued bookings still to fly: (type, minutes moved). */
const DISRUPTIONS: readonly { type: ScheduleEvent['type']; minutes: number }[] = [
  { type: 'change', minutes: 95 },
  { type: 'change', minutes: -50 },
  { type: 'change', minutes: 140 },
  { type: 'cancel_protected', minutes: 24 * 60 },
  { type: 'cancel_unprotected', minutes: 0 },
];

function shifted(segment: OfferSegment, minutes: number): OfferSegment {
  const move = (iso: string) => new Date(Date.parse(iso) + minutes * MINUTE_MS).toISOString();
  const local = (text: string) =>
    new Date(Date.parse(`${text}Z`) + minutes * MINUTE_MS).toISOString().slice(0, text.length);
  return {
    ...segment,
    departureUtc: move(segment.departureUtc),
    arrivalUtc: move(segment.arrivalUtc),
    departureLocal: local(segment.departureLocal),
    arrivalLocal: local(segment.arrivalLocal),
  };
}

/**
 * A few schedule changes and cancellations the airlines sent on issued bookings that fly after
 * now, recorded as the disruption scan records a supplier's event (`recordScheduleEvent`: the
 * disruption, the order's new times and timeline row, the agency's notices), a few days ago.
 */
export function planDisruptions(h: FlightHistory, pool: readonly PlannedOrder[]): void {
  const now = h.now.getTime();
  const flying = pool.filter((o) => o.departureAt.getTime() > now + 3 * DAY_MS && o.agencyId === 1);
  DISRUPTIONS.forEach((d, i) => {
    const order = flying[Math.floor(((i + 0.5) * flying.length) / DISRUPTIONS.length)];
    const segment = order?.offer.legs[0]?.segments[0];
    if (!order || !segment) return;
    const at = new Date(now - h.rng.int(1, 4) * DAY_MS - h.rng.int(0, 600) * MINUTE_MS);
    const event: ScheduleEvent = {
      ref: `DEMO-SC-${order.bookingNumber}-${i}`,
      type: d.type,
      segmentIndex: 0,
      segment: d.type === 'cancel_unprotected' ? null : shifted(segment, d.minutes),
    };
    h.afterInsert.push(async (tx) => {
      await recordScheduleEvent(tx, order.id, order.supplier, event, at);
    });
  });
}
