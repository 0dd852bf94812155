import { and, eq } from 'drizzle-orm';
import { DISRUPTION_REFUND_REASON, type DisruptionStatus } from '@portal/domain/after-sales';
import {
  disruptionActions,
  disruptionTarget,
  type Disruption,
  type DisruptionAction,
} from '@portal/domain/disruptions';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { RequestContext } from '../../../platform/request-context';
import type { FlightOrderDeps } from '../flight-orders.context';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { lockOrderById } from '../flight-orders.repo';
import { flightOrders, type FlightOrderRow } from '../flight-orders.schema';
import { flightDisruptions, type FlightDisruptionRow } from './after-sales.schema';
import { hhmm, isTicketed, noteOnTimeline, withSegment } from './disruptions';
import { presentWithOrder } from './disruptions.presenter';
import { createRefundOrder } from './refund';
import { isUuid } from '@portal/domain/text-checks';

/**
 * The agent's answers to a disruption, each once (409 DISRUPTION_ACTION_REFUSED on a repeat, by
 * `disruptionActions` of the domain): acknowledge; for a protected cancellation, accept the
 * protected flight or ask a refund instead.
 */

/** The disruption locked for update, with its order, if the user may see it (404 otherwise). */
export async function lockDisruption(
  tx: Db,
  ctx: RequestContext,
  id: string,
): Promise<{ disruption: FlightDisruptionRow; order: FlightOrderRow }> {
  if (!isUuid(id)) throw new AppError('DISRUPTION_NOT_FOUND');
  const [disruption] = await tx
    .select()
    .from(flightDisruptions)
    .where(and(eq(flightDisruptions.id, id.toLowerCase()), eq(flightDisruptions.agencyId, ctx.agency.id)))
    .limit(1)
    .for('update');
  if (!disruption) throw new AppError('DISRUPTION_NOT_FOUND');
  const order = await lockOrderById(tx, disruption.orderId);
  if (!order || !canSeeOrder(ctx, order)) throw new AppError('DISRUPTION_NOT_FOUND');
  return { disruption, order };
}

/** Throws DISRUPTION_ACTION_REFUSED (409) unless the disruption allows `action` now. */
export function assertAction(disruption: FlightDisruptionRow, action: DisruptionAction): DisruptionStatus {
  if (!disruptionActions(disruption).includes(action)) {
    throw new AppError('DISRUPTION_ACTION_REFUSED', undefined, { status: disruption.status, action });
  }
  return disruptionTarget(action);
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
      {
        key: 'protectedFlightAccepted',
        params: {
          protectedFlight: `${after?.flightNumber ?? ''} ${hhmm(after?.departureLocal ?? '')}`,
          flight: `${disruption.before.flightNumber} ${hhmm(disruption.before.departureLocal)}`,
        },
      },
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
      { key: 'refundInsteadOfProtection', params: { bookingNumber: refund.bookingNumber } },
      now,
    );
    const moved = await moveDisruption(tx, ctx, disruption, to, now, { refundOrderId: refund.id });
    return presentWithOrder(moved, order);
  });
}
