import { actionRule, type FlightOrderAction } from '@portal/domain/flight-order-actions';
import type { OrderType } from '@portal/domain/flight-order-status';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { releaseClaims } from './after-sales/claims';
import { notifyOrderEvent } from '../notifications/index';
import { findOrder, transition } from './flight-orders.repo';
import type { FlightOrderRow } from './flight-orders.schema';

/** The cancel action of each order type, and the status a refused one names. */
const CANCEL_OF: Record<OrderType, { action: FlightOrderAction; to: FlightOrderRow['status'] }> = {
  origin: { action: 'cancel', to: 'canceled' },
  change: { action: 'cancel-change', to: 'change_canceled' },
  refund: { action: 'cancel-refund', to: 'refund_canceled' },
  void: { action: 'cancel', to: 'void_canceled' },
  ancillary: { action: 'cancel', to: 'canceled' },
};

/**
 * `DELETE /order/v2/flight/orders/{id}`: cancels by the action table: an unpaid booking
 * (to_be_paid, before its payment deadline) -> canceled; a change in review or awaiting payment
 * -> change_canceled; a refund in review or awaiting confirmation -> refund_canceled. A canceled
 * change or refund releases its ticket claims, so those tickets can be changed or refunded again.
 * Anything else is 409 ILLEGAL_TRANSITION.
 */
export async function cancelOrder(
  tx: Db,
  ctx: RequestContext,
  id: string,
  now: Date,
): Promise<FlightOrderRow> {
  const order = await findOrder(tx, ctx.agency.id, id, { forUpdate: true });
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const cancel = CANCEL_OF[order.type];
  const rule = actionRule(
    {
      status: order.status,
      type: order.type,
      paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
      confirmDeadline: order.confirmDeadline?.toISOString() ?? null,
      now,
    },
    cancel.action,
  );
  if (!rule?.to) throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: cancel.to });
  const canceled = await transition(tx, order, rule.to, now, {}, { key: 'canceledByUser' });
  if (order.type !== 'origin') await releaseClaims(tx, order.id, now);
  // The booker's colleagues (the agency's SuperUsers) hear of a canceled request; a canceled
  // unpaid booking is the booker's own business.
  if (order.type === 'refund' || order.type === 'change') {
    const kind = order.type === 'refund' ? 'refund.canceled' : 'change.canceled';
    await notifyOrderEvent(tx, { kind, order: canceled, at: now });
  }
  return canceled;
}
