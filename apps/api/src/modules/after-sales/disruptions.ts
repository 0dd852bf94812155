import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import {
  DISRUPTION_REFUND_REASON,
  type DisruptedFlight,
  type DisruptionStatus,
} from '@portal/domain/after-sales';
import {
  disruptionActions,
  disruptionMachine,
  disruptionTarget,
  type Disruption,
  type DisruptionAction,
  type DisruptionList,
  type DisruptionListQuery,
} from '@portal/domain/disruptions';
import type { FlightOrderStatus } from '@portal/domain/flight-order-status';
import type { Segment, Solution, SolutionLeg } from '@portal/domain/shopping';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { FlightOrderDeps } from '../flight-orders/flight-orders.context';
import { visibleTo } from '../flight-orders/list-orders';
import { lockOrderById, type NewFlightOrder } from '../flight-orders/flight-orders.repo';
import { flightOrders, orderEvents, type FlightOrderRow } from '../flight-orders/flight-orders.schema';
import { notifyOrderEvent } from '../notifications/notify';
import type { Offer, OfferSegment, ScheduleEvent } from '../shopping/suppliers/supplier';
import { flightDisruptions, type FlightDisruptionRow } from './after-sales.schema';
import { createRefundOrder } from './refund';

/** Statuses of an order whose tickets are held, the only ones a schedule event is recorded on. */
export const TICKETED_STATUSES: readonly FlightOrderStatus[] = ['issued', 'changed'];

const isTicketed = (order: Pick<FlightOrderRow, 'status'>) => TICKETED_STATUSES.includes(order.status);

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

function solutionSegmentOf(s: OfferSegment): Segment {
  return {
    marketingCarrier: s.carrier,
    operatingCarrier: s.operatingCarrier,
    flightNumber: s.flightNumber,
    aircraft: s.aircraft,
    departure: {
      airport: s.origin,
      terminal: s.departureTerminal,
      time: s.departureLocal,
      timeZone: s.departureTimeZone,
    },
    arrival: {
      airport: s.destination,
      terminal: s.arrivalTerminal,
      time: s.arrivalLocal,
      timeZone: s.arrivalTimeZone,
    },
    durationMinutes: s.durationMinutes,
    cabin: s.cabin,
    bookingClass: s.bookingClass,
    fareBasis: s.fareBasis,
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
      const segments = l.segments.map((s, j) => (j === where.at ? solutionSegmentOf(segment) : s));
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

const hhmm = (local: string) => local.replace('T', ' ');

/** The timeline note of a schedule event (the timeline is English, like its other notes). */
function eventNote(
  type: ScheduleEvent['type'],
  before: DisruptedFlight,
  after: DisruptedFlight | null,
): string {
  const flight = `${before.flightNumber} ${before.origin}-${before.destination} ${hhmm(before.departureLocal)}`;
  switch (type) {
    case 'change':
      return `Schedule change: ${flight} now departs ${hhmm(after?.departureLocal ?? '')}`;
    case 'restore':
      return `Flight restored: ${flight}, departs ${hhmm(after?.departureLocal ?? '')}`;
    case 'cancel_unprotected':
      return `Flight canceled by the airline: ${flight}, no protection offered`;
    case 'cancel_protected':
      return `Flight canceled by the airline: ${flight}, protected on ${after?.flightNumber ?? ''} ${hhmm(after?.departureLocal ?? '')}`;
  }
}

/** A timeline row that records something on the order without moving its status. */
async function noteOnTimeline(tx: Db, order: FlightOrderRow, note: string, now: Date): Promise<void> {
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, at: now, note });
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

/** What a disruption row is presented with: its order's booking number, route and passengers. */
const COLUMNS = {
  row: flightDisruptions,
  bookingNumber: flightOrders.bookingNumber,
  passengerNames: flightOrders.passengerNames,
  legs: sql<Solution['legs']>`${flightOrders.solution} -> 'legs'`,
};
type Joined = {
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

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** `GET /order/v2/flight/disruptions`: the agency's disruptions the user may see, newest first. */
export async function listDisruptions(
  db: Db,
  ctx: RequestContext,
  q: DisruptionListQuery,
): Promise<DisruptionList> {
  const where: SQL[] = [eq(flightDisruptions.agencyId, ctx.agency.id), visibleTo(ctx)];
  if (q.type) where.push(eq(flightDisruptions.type, q.type));
  if (q.status) where.push(eq(flightDisruptions.status, q.status));
  if (q.dateFrom) where.push(gte(flightDisruptions.createdAt, dayStart(q.dateFrom)));
  if (q.dateTo) where.push(lt(flightDisruptions.createdAt, nextDay(q.dateTo)));
  if (q.bookingNumber) where.push(ilike(flightOrders.bookingNumber, likeText(q.bookingNumber.trim())));
  const condition = and(...where);
  const joined = () =>
    db
      .select(COLUMNS)
      .from(flightDisruptions)
      .innerJoin(flightOrders, eq(flightOrders.id, flightDisruptions.orderId));
  const [rows, total] = await Promise.all([
    joined()
      .where(condition)
      .orderBy(desc(flightDisruptions.createdAt), desc(flightDisruptions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(flightDisruptions)
      .innerJoin(flightOrders, eq(flightOrders.id, flightDisruptions.orderId))
      .where(condition),
  ]);
  return {
    list: rows.map(presentDisruption),
    total: total[0]?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** `GET /order/v2/flight/orders/{id}/disruptions`: the order's disruptions, newest first. */
export async function listOrderDisruptions(
  db: Db,
  ctx: RequestContext,
  orderId: string,
): Promise<Disruption[]> {
  const rows = await db
    .select(COLUMNS)
    .from(flightDisruptions)
    .innerJoin(flightOrders, eq(flightOrders.id, flightDisruptions.orderId))
    .where(and(eq(flightDisruptions.orderId, orderId), visibleTo(ctx)))
    .orderBy(desc(flightDisruptions.createdAt), desc(flightDisruptions.id));
  return rows.map(presentDisruption);
}

/** The disruption locked for update, with its order, if the user may see it (404 otherwise). */
export async function lockDisruption(
  tx: Db,
  ctx: RequestContext,
  id: string,
): Promise<{ disruption: FlightDisruptionRow; order: FlightOrderRow }> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(id)) throw new AppError('DISRUPTION_NOT_FOUND');
  const [disruption] = await tx
    .select()
    .from(flightDisruptions)
    .where(and(eq(flightDisruptions.id, id.toLowerCase()), eq(flightDisruptions.agencyId, ctx.agency.id)))
    .limit(1)
    .for('update');
  if (!disruption) throw new AppError('DISRUPTION_NOT_FOUND');
  const order = await lockOrderById(tx, disruption.orderId);
  const own = ctx.agency.commonConfig.onlyShowOwnOrders !== true || order?.userId === ctx.user.id;
  if (!order || order.agencyId !== ctx.agency.id || !own) throw new AppError('DISRUPTION_NOT_FOUND');
  return { disruption, order };
}

/** Throws DISRUPTION_ACTION_REFUSED (409) unless the disruption allows `action` now. */
export function assertAction(disruption: FlightDisruptionRow, action: DisruptionAction): DisruptionStatus {
  if (!disruptionActions(disruption).includes(action)) {
    throw new AppError('DISRUPTION_ACTION_REFUSED', undefined, { status: disruption.status, action });
  }
  const to = disruptionTarget(action);
  disruptionMachine.assertTransition(disruption.status, to);
  return to;
}

/** Moves the disruption to `to` (guarded by its current status) with other column changes. */
export async function moveDisruption(
  tx: Db,
  ctx: RequestContext,
  disruption: FlightDisruptionRow,
  to: DisruptionStatus,
  now: Date,
  patch: Partial<typeof flightDisruptions.$inferInsert> = {},
): Promise<FlightDisruptionRow> {
  const [moved] = await tx
    .update(flightDisruptions)
    .set({
      ...patch,
      status: to,
      acknowledgedBy: disruption.acknowledgedBy ?? ctx.user.id,
      acknowledgedAt: disruption.acknowledgedAt ?? now,
    })
    .where(and(eq(flightDisruptions.id, disruption.id), eq(flightDisruptions.status, disruption.status)))
    .returning();
  if (!moved) throw new AppError('DISRUPTION_ACTION_REFUSED', undefined, { status: disruption.status });
  return moved;
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

/** `POST .../disruptions/{id}/acknowledge`: the agent has seen it (once). */
export async function acknowledgeDisruption(
  db: Db,
  ctx: RequestContext,
  id: string,
  now: Date,
): Promise<Disruption> {
  return db.transaction(async (tx) => {
    const { disruption, order } = await lockDisruption(tx, ctx, id);
    const to = assertAction(disruption, 'acknowledge');
    return presentWithOrder(await moveDisruption(tx, ctx, disruption, to, now), order);
  });
}

/**
 * `POST .../disruptions/{id}/accept`: the order's flights become the protected itinerary (offer,
 * solution, flight numbers, departure) with a timeline row, in one transaction.
 */
export async function acceptProtection(
  db: Db,
  ctx: RequestContext,
  id: string,
  now: Date,
): Promise<Disruption> {
  return db.transaction(async (tx) => {
    const { disruption, order } = await lockDisruption(tx, ctx, id);
    const to = assertAction(disruption, 'accept');
    // The protected flight replaces the canceled segment of the order as it is now.
    const protectedSegment = disruption.protection?.offer.legs.flatMap((l) => l.segments)[
      disruption.segmentIndex
    ];
    if (!protectedSegment || !isTicketed(order)) {
      throw new AppError('DISRUPTION_ACTION_REFUSED', undefined, {
        status: disruption.status,
        action: 'accept',
      });
    }
    const replaced = withSegment(order, disruption.segmentIndex, protectedSegment);
    const [updated] = await tx
      .update(flightOrders)
      .set({ ...replaced.patch, updatedAt: now })
      .where(eq(flightOrders.id, order.id))
      .returning();
    const after = disruption.after;
    await noteOnTimeline(
      tx,
      updated ?? order,
      `Protected flight accepted: ${after?.flightNumber ?? ''} ${hhmm(after?.departureLocal ?? '')} instead of ${disruption.before.flightNumber} ${hhmm(disruption.before.departureLocal)}`,
      now,
    );
    const moved = await moveDisruption(tx, ctx, disruption, to, now);
    return presentWithOrder(moved, updated ?? order);
  });
}

/**
 * `POST .../disruptions/{id}/refund`: instead of the protected flight, a refund of the canceled
 * segment for every passenger of the order, with the involuntary reason (no supplier fee), linked
 * both ways; one transaction with the disruption's move, so it happens once.
 */
export async function refundInsteadOfProtection(
  db: Db,
  deps: Pick<FlightOrderDeps, 'timeScale'>,
  ctx: RequestContext,
  id: string,
  now: Date,
): Promise<Disruption> {
  return db.transaction(async (tx) => {
    const { disruption, order } = await lockDisruption(tx, ctx, id);
    const to = assertAction(disruption, 'refund');
    const refund = await createRefundOrder(
      tx,
      deps,
      order,
      {
        selection: {
          passengerIds: order.passengers.map((p) => p.id),
          segmentIndexes: [disruption.segmentIndex],
        },
        reason: { value: DISRUPTION_REFUND_REASON.value, subOption: DISRUPTION_REFUND_REASON.subOption },
        remark: `Flight ${disruption.before.flightNumber} canceled by the airline; refund instead of the protected flight`,
        disruptionId: disruption.id,
      },
      ctx.user.id,
      now,
    );
    await noteOnTimeline(
      tx,
      order,
      `Refund asked instead of the protected flight: refund order ${refund.bookingNumber}`,
      now,
    );
    const moved = await moveDisruption(tx, ctx, disruption, to, now, { refundOrderId: refund.id });
    return presentWithOrder(moved, order);
  });
}
