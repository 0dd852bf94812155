import { actionRule } from '@portal/domain/flight-order-actions';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { findOrder, transition } from './flight-orders.repo';
import type { FlightOrderRow } from './flight-orders.schema';

/** `DELETE /order/v2/flight/orders/{id}`: cancels the booking while the domain allows 'cancel'. */
export async function cancelOrder(
  tx: Db,
  ctx: RequestContext,
  id: string,
  now: Date,
): Promise<FlightOrderRow> {
  const order = await findOrder(tx, ctx.agency.id, id, { forUpdate: true });
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const rule = actionRule(
    {
      status: order.status,
      type: order.type,
      paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
      now,
    },
    'cancel',
  );
  if (!rule?.to) throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'canceled' });
  return transition(tx, order, rule.to, now, {}, 'canceled by the user');
}
