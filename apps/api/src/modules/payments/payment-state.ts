import { and, eq } from 'drizzle-orm';
import type { PaymentStatusView } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { targetOf } from './gateway-payment';
import type { PayableRegistry } from './payable';
import { orderPayments } from './payments.schema';

/**
 * `GET /order/v2/flight/payments/{id}`: the state of a payment for the paying user's polling,
 * expired once past `expiresAt`. A payment is seen by whoever may see its order (the order kind's
 * payable answers, flight or group): with "only show own orders", a colleague who may not see the
 * order gets 404 for its payment too.
 */
export async function paymentState(
  db: Db,
  payables: PayableRegistry,
  ctx: RequestContext,
  paymentId: string,
  now: Date,
): Promise<PaymentStatusView> {
  const [row] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.agencyId, ctx.agency.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const target = targetOf(row);
  const visible = await payables.get(target.kind)?.canSee(db, ctx, target);
  if (!visible) throw new AppError('NOT_FOUND');
  const status = row.status === 'pending' && now.getTime() > row.expiresAt.getTime() ? 'expired' : row.status;
  return { paymentId: row.id, status, expiresAt: row.expiresAt.toISOString(), orderId: target.orderId };
}
