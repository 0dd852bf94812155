import type {
  FlightSupplier,
  Offer,
  OfferSegment,
  ScheduleEvent,
  SupplierQuery,
} from '../../modules/shopping/index';
import { hash32, seeded } from '../prng';
import { addDays } from '../../platform/time';
import { localDateTime } from '../../platform/time-zones';

/** The share of ticketed bookings the simulated airlines disrupt (deterministic per booking). */
export const SCHEDULE_EVENT_SHARE = 0.2;
/** How far a simulated schedule change moves a flight, minutes (negative: earlier). */
const CHANGE_MINUTES = [-40, 35, 55, 90, 150, 240] as const;
/** A restored flight runs at its time or close to it. */
const RESTORE_MINUTES = [0, 0, 15, 30] as const;
/** The types in the proportions the simulation raises them. */
const WEIGHTED_TYPES: readonly ScheduleEvent['type'][] = [
  'change',
  'change',
  'change',
  'change',
  'cancel_protected',
  'cancel_protected',
  'cancel_unprotected',
  'restore',
];

/** What to raise on a booking: the test hook's choice or the simulation's. */
export interface RaiseSpec {
  ref: string;
  type: ScheduleEvent['type'];
  segmentIndex: number;
  /** Change and restore: how many minutes the flight moves (default: 90 for a change, 0 for a restore). */
  minutes?: number;
}

/** The segment moved by `minutes`, local times recomputed in each airport's zone. */
export function shiftSegment(segment: OfferSegment, minutes: number): OfferSegment {
  const delta = minutes * 60_000;
  const departure = Date.parse(segment.departureUtc) + delta;
  const arrival = Date.parse(segment.arrivalUtc) + delta;
  return {
    ...segment,
    departureUtc: new Date(departure).toISOString(),
    arrivalUtc: new Date(arrival).toISOString(),
    departureLocal: localDateTime(departure, segment.departureTimeZone),
    arrivalLocal: localDateTime(arrival, segment.arrivalTimeZone),
  };
}

async function collect(found: AsyncIterable<Offer> | Promise<Offer[]>): Promise<Offer[]> {
  if (found instanceof Promise) return found;
  const offers: Offer[] = [];
  for await (const offer of found) offers.push(offer);
  return offers;
}

/**
 * The flight the airline protects a canceled segment on: a later non-stop flight on the same
 * route that day or the next (the same carrier first), in the booking's cabin and class; else the
 * same flight a day later.
 */
async function protectedFlight(
  supplier: Pick<FlightSupplier, 'search'>,
  offer: Offer,
  segment: OfferSegment,
  signal: AbortSignal,
): Promise<OfferSegment> {
  const date = segment.departureLocal.slice(0, 10);
  for (const day of [date, addDays(date, 1)]) {
    const query: SupplierQuery = {
      legs: [{ origins: [segment.origin], destinations: [segment.destination], date: day }],
      passengers: offer.passengers,
      cabin: offer.cabin,
    };
    const candidates = (await collect(supplier.search(query, signal)))
      .flatMap((o) => (o.legs.length === 1 && o.legs[0]?.segments.length === 1 ? o.legs[0].segments : []))
      .filter((s) => s.departureUtc > segment.departureUtc && s.flightNumber !== segment.flightNumber)
      .sort(
        (a, b) =>
          Number(a.carrier !== segment.carrier) - Number(b.carrier !== segment.carrier) ||
          a.departureUtc.localeCompare(b.departureUtc),
      );
    const chosen = candidates[0];
    if (chosen) {
      return {
        ...chosen,
        cabin: segment.cabin,
        bookingClass: segment.bookingClass,
        fareBasis: segment.fareBasis,
      };
    }
  }
  return shiftSegment(segment, 24 * 60);
}

/** One schedule event on the booking `offer`, as `spec` says (the protected flight searched for). */
export async function buildScheduleEvent(
  supplier: Pick<FlightSupplier, 'search'>,
  offer: Offer,
  spec: RaiseSpec,
  signal: AbortSignal,
): Promise<ScheduleEvent> {
  const segment = offer.legs.flatMap((l) => l.segments)[spec.segmentIndex];
  if (!segment) throw new RangeError(`no segment ${spec.segmentIndex}`);
  const base = { ref: spec.ref, type: spec.type, segmentIndex: spec.segmentIndex };
  switch (spec.type) {
    case 'change':
      return { ...base, segment: shiftSegment(segment, spec.minutes ?? 90) };
    case 'restore':
      return { ...base, segment: shiftSegment(segment, spec.minutes ?? 0) };
    case 'cancel_unprotected':
      return { ...base, segment: null };
    case 'cancel_protected':
      return { ...base, segment: await protectedFlight(supplier, offer, segment, signal) };
  }
}

/**
 * The schedule events a simulated airline raises on a ticketed booking: none for most bookings,
 * one for `SCHEDULE_EVENT_SHARE` of them, the same one every time it is asked (seeded by the
 * supplier, its seed, the PNR and the offer).
 */
export async function simulatedScheduleEvents(
  supplier: Pick<FlightSupplier, 'search' | 'name'>,
  seed: string,
  offer: Offer,
  pnr: string,
  signal: AbortSignal,
): Promise<ScheduleEvent[]> {
  const key = `${supplier.name}|${seed}|${pnr}|${offer.ref}`;
  const rng = seeded(`schedule-event|${key}`);
  if (!rng.chance(SCHEDULE_EVENT_SHARE)) return [];
  const segments = offer.legs.flatMap((l) => l.segments).length;
  if (segments === 0) return [];
  const segmentIndex = rng.int(0, segments - 1);
  const type = rng.pick(WEIGHTED_TYPES);
  const minutes = type === 'change' ? rng.pick(CHANGE_MINUTES) : rng.pick(RESTORE_MINUTES);
  const ref = `SC${hash32(key).toString(36).toUpperCase()}`;
  return [await buildScheduleEvent(supplier, offer, { ref, type, segmentIndex, minutes }, signal)];
}
