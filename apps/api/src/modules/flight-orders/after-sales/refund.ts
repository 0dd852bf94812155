import {
  refundableTotal,
  type AfterSalesQuote,
  type AfterSalesSelection,
  type RefundReason,
} from '@portal/domain/after-sales';
import { actionRule } from '@portal/domain/flight-order-actions';
import type { Db } from '../../../platform/db';
import { enqueueJob } from '../../../platform/jobs';
import { AppError } from '../../../platform/errors';
import type { RequestContext } from '../../../platform/request-context';
import type { FlightOrderDeps } from '../flight-orders.context';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { findOrder, insertOrder, transition } from '../flight-orders.repo';
import type { FlightOrderRow, StoredAfterSales } from '../flight-orders.schema';
import { notifyOrderEvent } from '../../notifications/index';
import { claimTickets } from './claims';
import { attachDocuments } from './documents';
import { refundGrounds } from './involuntary-refund';
import { assertRefundAllowed } from './terms-check';

export const REFUND_REVIEW_JOB = 'after-sales-refund-review';
export const REFUND_CONFIRM_DEADLINE_JOB = 'after-sales-refund-confirm-deadline';
export const REFUND_EXECUTE_JOB = 'after-sales-refund-execute';

/** How long the supplier's desk takes to review a refund (real time; divided by TIME_SCALE). */
export const REFUND_REVIEW_DELAY_MS = 10 * 60_000;
/** How long the agent has to confirm a quoted refund (divided by TIME_SCALE). */
export const REFUND_CONFIRM_WINDOW_MS = 24 * 3_600_000;

/** A real-time delay divided by TIME_SCALE (demo time). */
export const scaled = (ms: number, timeScale: number) => ms / Math.max(1, timeScale);

/**
 * The caller's order, locked for update: 404 ORDER_NOT_FOUND when it is not the agency's, or not
 * the user's own when the agency shows users only their own orders.
 */
export async function lockOwnOrder(tx: Db, ctx: RequestContext, id: string): Promise<FlightOrderRow> {
  const order = await findOrder(tx, ctx.agency.id, id, { forUpdate: true });
  if (!order || !canSeeOrder(ctx, order)) {
    throw new AppError('ORDER_NOT_FOUND');
  }
  return order;
}

/** The rows an after-sales order copies from the order it starts from, for the selected tickets. */
export function afterSalesOrderRow(
  from: FlightOrderRow,
  selection: AfterSalesSelection,
  type: 'refund' | 'void',
  afterSales: StoredAfterSales,
  userId: number,
): Omit<Parameters<typeof insertOrder>[1], 'status'> {
  const chosen = new Set(selection.passengerIds);
  const passengers = from.passengers.filter((p) => chosen.has(p.id));
  const segments = from.solution.legs.flatMap((l) => l.segments);
  const picked = segments.filter((_, i) => selection.segmentIndexes.includes(i));
  return {
    agencyId: from.agencyId,
    userId,
    type,
    supplier: from.supplier,
    solutionId: from.solutionId,
    solution: from.solution,
    offer: from.offer,
    passengers,
    contact: from.contact,
    remark: afterSales.remark,
    currency: from.currency,
    saleTotalMinor: 0,
    orderTotalMinor: 0,
    costMinor: 0,
    costCurrency: from.costCurrency,
    prices: { ticketPriceMinor: 0, taxMinor: 0, fuelSurchargeMinor: 0, airportTaxMinor: 0 },
    passengerNames: passengers.map((p) => `${p.surname}/${p.given_names}`).join('|'),
    flightNumbers: picked.map((s) => `${s.marketingCarrier}${s.flightNumber}`).join('|'),
    ticketNumbers: passengers.flatMap((p) => p.ticketNumbers).join('|'),
    airline: from.airline,
    departureAt: from.departureAt,
    pnr: from.pnr,
    paymentState: 'unpaid',
    ticketingTier: from.ticketingTier,
    originalBookingId: from.id,
    afterSales,
  };
}

export interface RefundInput {
  selection: AfterSalesSelection;
  reason: RefundReason;
  remark?: string | undefined;
  documentIds?: readonly string[];
  /** The disruption this refund answers (its refund order is linked back by the caller). */
  disruptionId?: string | null;
}

/**
 * Creates a refund order from `from` (locked by the caller, in `tx`) when the action table allows
 * 'refund' (an issued original or a changed change order): type refund in rfd_reviewing, linked by
 * `originalBookingId`, the selected passengers, its ticket-segments claimed (409
 * TICKET_IN_AFTER_SALES when one is taken), its documents attached, the desk's review queued and
 * the agency told. Also used for a disruption's involuntary refund (reason 2, no supplier fee).
 * An involuntary reason is refunded as such only on a disruption the supplier recorded for the
 * booking (kept as `disruptionId`); without one it needs a supporting document (400
 * REFUND_DOCUMENT_REQUIRED) and the desk's review decides its fee (`refundGrounds`).
 */
export async function createRefundOrder(
  tx: Db,
  deps: Pick<FlightOrderDeps, 'timeScale'>,
  from: FlightOrderRow,
  input: RefundInput,
  userId: number,
  now: Date,
): Promise<FlightOrderRow> {
  const rule = actionRule({ status: from.status, type: from.type, now }, 'refund');
  if (!rule) throw new AppError('ILLEGAL_TRANSITION', { from: from.status, to: 'rfd_reviewing' });
  // An involuntary reason rests on the supplier's disruption, or on a document for the desk.
  const disruptionId = await refundGrounds(tx, from, input);
  // A voluntary refund the fare's terms forbid now is refused with the rule.
  assertRefundAllowed(from, input.selection, input.reason.value, now);
  const afterSales: StoredAfterSales = {
    selection: input.selection,
    refundReason: { value: input.reason.value, subOption: input.reason.subOption ?? null },
    changeReason: null,
    remark: input.remark ?? null,
    quote: null,
    rejectReason: null,
    disruptionId,
  };
  const refund = await insertOrder(
    tx,
    { ...afterSalesOrderRow(from, input.selection, 'refund', afterSales, userId), status: 'rfd_reviewing' },
    now,
  );
  await claimTickets(tx, {
    order: from,
    selection: input.selection,
    afterSalesOrderId: refund.id,
    kind: 'refund',
  });
  if (input.documentIds && input.documentIds.length > 0) {
    await attachDocuments(tx, {
      agencyId: from.agencyId,
      orderId: from.id,
      afterSalesOrderId: refund.id,
      documentIds: input.documentIds,
      now,
      timeScale: deps.timeScale,
    });
  }
  await enqueueJob(
    tx,
    REFUND_REVIEW_JOB,
    { orderId: refund.id },
    new Date(now.getTime() + scaled(REFUND_REVIEW_DELAY_MS, deps.timeScale)),
  );
  await notifyOrderEvent(tx, { kind: 'refund.requested', order: refund, at: now });
  return refund;
}

/** `POST /order/v2/flight/orders/{id}/refund`, in the request's transaction. */
export async function requestRefund(
  tx: Db,
  deps: Pick<FlightOrderDeps, 'timeScale'>,
  ctx: RequestContext,
  id: string,
  input: RefundInput,
  now: Date,
): Promise<FlightOrderRow> {
  const from = await lockOwnOrder(tx, ctx, id);
  return createRefundOrder(tx, deps, from, input, ctx.user.id, now);
}

/**
 * `POST /order/v2/flight/orders/{refundOrderId}/confirmation`: a quoted refund (rfd_to_be_confirm)
 * moves to rfd_proceeding before its deadline and the supplier's refund is queued; after the
 * deadline 410 CONFIRM_DEADLINE_PASSED (the deadline job cancels it); any other state 409
 * ILLEGAL_TRANSITION, so a second confirmation changes nothing.
 */
export async function confirmRefund(
  tx: Db,
  ctx: RequestContext,
  id: string,
  now: Date,
): Promise<FlightOrderRow> {
  const order = await lockOwnOrder(tx, ctx, id);
  const subject = {
    status: order.status,
    type: order.type,
    confirmDeadline: order.confirmDeadline?.toISOString() ?? null,
    now,
  };
  const rule = actionRule(subject, 'confirm-refund');
  if (!rule?.to) {
    if (order.type === 'refund' && order.status === 'rfd_to_be_confirm') {
      throw new AppError('CONFIRM_DEADLINE_PASSED');
    }
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'rfd_proceeding' });
  }
  const proceeding = await transition(tx, order, rule.to, now, {}, { key: 'refundConfirmed' });
  await enqueueJob(tx, REFUND_EXECUTE_JOB, { orderId: order.id }, now);
  return proceeding;
}

/** A quote with only refund fields (the change fields zero). */
export function refundQuote(
  currency: string,
  paidMinor: number,
  refundFeeMinor: number,
  serviceFeeMinor: number,
): AfterSalesQuote {
  return {
    currency,
    paidMinor,
    priceDifferenceMinor: 0,
    taxDifferenceMinor: 0,
    changeFeeMinor: 0,
    refundFeeMinor,
    serviceFeeMinor,
    refundableTotalMinor: refundableTotal(paidMinor, refundFeeMinor, serviceFeeMinor),
    amountDueMinor: 0,
  };
}
