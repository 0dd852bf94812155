import { and, eq } from 'drizzle-orm';
import type { PaymentStatusView } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { canSeeOrder } from '../flight-orders/flight-orders.policy';
import { flightOrders } from '../flight-orders/flight-orders.schema';
import { groupOrders } from '../group-orders/group-orders.schema';
import { orderPayments } from './payments.schema';

/**
 * `GET /order/v2/flight/payments/{id}`: the state of a payment for the paying user's polling,
 * expired once past `expiresAt`. A payment is seen by whoever may see its order, flight or group
 * (both follow `canSeeOrder`): with "only show own orders", a colleague who may not see the order
 * gets 404 for its payment too.
 */
export async function paymentState(
  db: Db,
  ctx: RequestContext,
  paymentId: string,
  now: Date,
): Promise<PaymentStatusView> {
  const [found] = await db
    .select({
      payment: orderPayments,
      flightOrder: { agencyId: flightOrders.agencyId, userId: flightOrders.userId },
      groupOrder: { agencyId: groupOrders.agencyId, userId: groupOrders.userId },
    })
    .from(orderPayments)
    .leftJoin(flightOrders, eq(flightOrders.id, orderPayments.orderId))
    .leftJoin(groupOrders, eq(groupOrders.id, orderPayments.groupOrderId))
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.agencyId, ctx.agency.id)))
    .limit(1);
  const order = found?.flightOrder ?? found?.groupOrder;
  if (!found || !order || !canSeeOrder(ctx, order)) throw new AppError('NOT_FOUND');
  const row = found.payment;
  const status = row.status === 'pending' && now.getTime() > row.expiresAt.getTime() ? 'expired' : row.status;
  const orderId = row.orderId ?? row.groupOrderId ?? '';
  return { paymentId: row.id, status, expiresAt: row.expiresAt.toISOString(), orderId };
}
