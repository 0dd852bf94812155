import { eq } from 'drizzle-orm';
import type { DisruptedFlight } from '@portal/domain/after-sales';
import type { FlightOrderStatus } from '@portal/domain/flight-order-status';
import type { Solution, SolutionLeg } from '@portal/domain/shopping';
import { encodeTimelineNote, type TimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../../../platform/db';
import { lockOrderById, type NewFlightOrder } from '../flight-orders.repo';
import { flightOrders, orderEvents, type FlightOrderRow } from '../flight-orders.schema';
import { notifyOrderEvent } from '../../notifications/index';
import { presentSegment } from '../../shopping/index';
import type { Offer, OfferSegment, ScheduleEvent } from '../../shopping/index';
import { flightDisruptions, type FlightDisruptionRow } from './after-sales.schema';

/**
 * Flight disruptions (spec §3 types): recording a supplier's schedule event on a ticketed order.
 * Reading them is `list-disruptions.ts`, the agent's answers `answer-disruption.ts`.
 */

/** Statuses of an order whose tickets are held, the only ones a schedule event is recorded on. */
export const TICKETED_STATUSES: readonly FlightOrderStatus[] = ['issued', 'changed'];

/** Whether the order holds its tickets (a schedule event applies to it). */
export const isTicketed = (order: Pick<FlightOrderRow, 'status'>) => TICKETED_STATUSES.includes(order.status);

function flightOf(s: OfferSegment): DisruptedFlight {
  return {
    flightNumber: `${s.carrier}${s.flightNumber}`,
    origin: s.origin,
    destination: s.destination,
    departureLocal: s.departureLocal,
    arrivalLocal: s.arrivalLocal,
    departureUtc: new Date(s.departureUtc).toISOString(),
    arrivalUtc: new Date(s.arrivalUtc).toISOString(),
  };
}

/** Where the flattened segment `index` sits: its leg and its place in the leg. */
function locate(offer: Offer, index: number): { leg: number; at: number } | undefined {
  let seen = 0;
  for (const [leg, l] of offer.legs.entries()) {
    if (index < seen + l.segments.length) return { leg, at: index - seen };
    seen += l.segments.length;
  }
  return undefined;
}

/** A solution leg's duration and day offset, recomputed from its offer segments. */
function legTimes(
  segments: readonly OfferSegment[],
): Pick<SolutionLeg, 'durationMinutes' | 'arrivalDayOffset'> {
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) return { durationMinutes: 0, arrivalDayOffset: 0 };
  const day = (local: string) => Date.parse(`${local.slice(0, 10)}T00:00Z`);
  return {
    durationMinutes: Math.round((Date.parse(last.arrivalUtc) - Date.parse(first.departureUtc)) / 60_000),
    arrivalDayOffset: Math.round((day(last.arrivalLocal) - day(first.departureLocal)) / 86_400_000),
  };
}

/**
 * The order's flights with segment `index` replaced by `segment` (new times, or the protected
 * flight): the offer, the solution and the searchable columns that follow from them.
 */
export function withSegment(
  order: Pick<FlightOrderRow, 'offer' | 'solution'>,
  index: number,
  segment: OfferSegment,
): { offer: Offer; solution: Solution; patch: Partial<NewFlightOrder> } {
  const where = locate(order.offer, index);
  if (!where) throw new RangeError(`no segment ${index}`);
  const offerLegs = order.offer.legs.map((l, i) =>
    i === where.leg ? { segments: l.segments.map((s, j) => (j === where.at ? segment : s)) } : l,
  );
  const offer: Offer = { ...order.offer, legs: offerLegs };
  const solution: Solution = {
    ...order.solution,
    legs: order.solution.legs.map((l, i) => {
      if (i !== where.leg) return l;
      const segments = l.segments.map((s, j) => (j === where.at ? presentSegment(segment) : s));
      return { ...l, segments, ...legTimes(offerLegs[i]?.segments ?? []) };
    }),
  };
  const flat = solution.legs.flatMap((l) => l.segments);
  const firstUtc = offer.legs[0]?.segments[0]?.departureUtc;
  return {
    offer,
    solution,
    patch: {
      offer,
      solution,
      flightNumbers: flat.map((s) => `${s.marketingCarrier}${s.flightNumber}`).join('|'),
      ...(firstUtc ? { departureAt: new Date(firstUtc) } : {}),
    },
  };
}

/** A local time as `YYYY-MM-DD HH:mm`. */
export const hhmm = (local: string) => local.replace('T', ' ');

/** The timeline note of a schedule event, by key with its flights as values. */
function eventNote(
  type: ScheduleEvent['type'],
  before: DisruptedFlight,
  after: DisruptedFlight | null,
): TimelineNote {
  const flight = `${before.flightNumber} ${before.origin}-${before.destination} ${hhmm(before.departureLocal)}`;
  const departs = hhmm(after?.departureLocal ?? '');
  switch (type) {
    case 'change':
      return { key: 'scheduleChange', params: { flight, departs } };
    case 'restore':
      return { key: 'flightRestored', params: { flight, departs } };
    case 'cancel_unprotected':
      return { key: 'flightCanceledUnprotected', params: { flight } };
    case 'cancel_protected':
      return {
        key: 'flightCanceledProtected',
        params: { flight, protectedFlight: `${after?.flightNumber ?? ''} ${departs}` },
      };
  }
}

/** A timeline row that records something on the order without moving its status. */
export async function noteOnTimeline(
  tx: Db,
  order: FlightOrderRow,
  note: TimelineNote,
  now: Date,
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    at: now,
    note: encodeTimelineNote(note),
  });
}

/**
 * Records a supplier's schedule event on an order in one short transaction (no outside call):
 * stored once (the supplier's reference is unique), written on the order's timeline, notified;
 * a change or restore moves the order's stored segment times (the old ones stay in the row).
 * Returns the new row, or undefined when the event was already stored or the order holds no
 * tickets any more.
 */
export async function recordScheduleEvent(
  db: Db,
  orderId: string,
  supplier: string,
  event: ScheduleEvent,
  now: Date,
): Promise<FlightDisruptionRow | undefined> {
  return db.transaction(async (tx) => {
    const order = await lockOrderById(tx, orderId);
    if (!order || !isTicketed(order)) return undefined;
    const current = order.offer.legs.flatMap((l) => l.segments)[event.segmentIndex];
    if (!current) return undefined;
    const before = flightOf(current);
    const after = event.segment ? flightOf(event.segment) : null;
    const replaced = event.segment ? withSegment(order, event.segmentIndex, event.segment) : undefined;
    const [row] = await tx
      .insert(flightDisruptions)
      .values({
        agencyId: order.agencyId,
        orderId: order.id,
        type: event.type,
        segmentIndex: event.segmentIndex,
        before,
        after,
        protection:
          event.type === 'cancel_protected' && replaced
            ? { solution: replaced.solution, offer: replaced.offer }
            : null,
        supplierRef: `${supplier}:${event.ref}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: flightDisruptions.supplierRef })
      .returning();
    if (!row) return undefined;
    let updated = order;
    if ((event.type === 'change' || event.type === 'restore') && replaced) {
      const [moved] = await tx
        .update(flightOrders)
        .set({ ...replaced.patch, updatedAt: now })
        .where(eq(flightOrders.id, order.id))
        .returning();
      updated = moved ?? order;
    }
    await noteOnTimeline(tx, updated, eventNote(event.type, before, after), now);
    await notifyOrderEvent(tx, {
      kind: 'disruption.raised',
      order: updated,
      at: now,
      params: {
        disruptionType: event.type,
        flightNumber: before.flightNumber,
        before: hhmm(before.departureLocal),
        after: after ? hhmm(after.departureLocal) : null,
      },
    });
    return row;
  });
}
