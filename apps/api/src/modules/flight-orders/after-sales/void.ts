import type { VoidRequest } from '@portal/domain/after-sales';
import { actionRule } from '@portal/domain/flight-order-actions';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { enqueueJob } from '../../../platform/jobs';
import type { RequestContext } from '../../../platform/request-context';
import { insertOrder } from '../flight-orders.repo';
import type { FlightOrderRow, StoredAfterSales } from '../flight-orders.schema';
import { assertSelection, claimTickets, paidForOrder, ticketShares } from './claims';
import { afterSalesOrderRow, lockOwnOrder, refundQuote } from './refund';
import { serviceFeeFor } from './service-fees';

export const VOID_EXECUTE_JOB = 'after-sales-void-execute';

/**
 * `POST /order/v2/flight/orders/{id}/void`, in the request's transaction: inside the void window
 * of an issued original (else 410 VOID_WINDOW_CLOSED once the window has closed, 409
 * ILLEGAL_TRANSITION otherwise), a void order in void_proceeding for the selected passengers (all
 * when none are named) on every segment, its tickets claimed, quoted at once (no supplier fee; the
 * agency's void service fee; money back = paid - fee, never above paid), and the supplier's void
 * queued.
 */
export async function requestVoid(
  tx: Db,
  ctx: RequestContext,
  id: string,
  input: VoidRequest,
  now: Date,
): Promise<FlightOrderRow> {
  const from = await lockOwnOrder(tx, ctx, id);
  const subject = {
    status: from.status,
    type: from.type,
    voidDeadline: from.voidDeadline?.toISOString() ?? null,
    now,
  };
  if (!actionRule(subject, 'void')) {
    if (from.type === 'origin' && from.status === 'issued') throw new AppError('VOID_WINDOW_CLOSED');
    throw new AppError('ILLEGAL_TRANSITION', { from: from.status, to: 'void_proceeding' });
  }
  const selection = {
    passengerIds: [...new Set(input.passengerIds ?? from.passengers.map((p) => p.id))],
    segmentIndexes: from.solution.legs.flatMap((l) => l.segments).map((_, i) => i),
  };
  assertSelection(from, selection);
  const chosen = new Set(selection.passengerIds);
  const paid = ticketShares(from, await paidForOrder(tx, from))
    .filter((share) => chosen.has(share.passengerId))
    .reduce((sum, share) => sum + share.paidMinor, 0);
  const serviceFee = await serviceFeeFor(tx, from.agencyId, 'void', from.currency);
  const quote = refundQuote(from.currency, paid, 0, serviceFee);
  const afterSales: StoredAfterSales = {
    selection,
    refundReason: null,
    changeReason: null,
    remark: input.remark ?? null,
    quote,
    rejectReason: null,
  };
  const created = await insertOrder(
    tx,
    {
      ...afterSalesOrderRow(from, selection, 'void', afterSales, ctx.user.id),
      status: 'void_proceeding',
      orderTotalMinor: quote.refundableTotalMinor,
      saleTotalMinor: quote.refundableTotalMinor,
    },
    now,
  );
  await claimTickets(tx, { order: from, selection, afterSalesOrderId: created.id, kind: 'void' });
  await enqueueJob(tx, VOID_EXECUTE_JOB, { orderId: created.id }, now);
  return created;
}
