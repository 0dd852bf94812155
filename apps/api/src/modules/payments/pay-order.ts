import type { PaymentRequest } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { payFromBalance } from '../wallet/pay-from-balance';
import { findOrder, transition } from '../flight-orders/flight-orders.repo';
import type { FlightOrderRow } from '../flight-orders/flight-orders.schema';

/** Called in the payment's transaction once an order is paid (queues the ticketing job). */
export type OnPaid = (tx: Db, order: FlightOrderRow, now: Date) => Promise<void>;

/**
 * The caller's order, locked, if it may be paid now: payment not disabled for the agency (403
 * PAYMENT_DISABLED), visible to the user (404), `to_be_paid` (409 ILLEGAL_TRANSITION, so a second
 * payment is refused before any charge) and before its deadline (410 PAYMENT_EXPIRED).
 */
export async function lockPayable(
  tx: Db,
  ctx: RequestContext,
  id: string,
  now: Date,
): Promise<FlightOrderRow> {
  if (ctx.agency.commonConfig.disablePayment === true) throw new AppError('PAYMENT_DISABLED');
  const order = await findOrder(tx, ctx.agency.id, id, { forUpdate: true });
  if (!order || (ctx.agency.commonConfig.onlyShowOwnOrders === true && order.userId !== ctx.user.id)) {
    throw new AppError('ORDER_NOT_FOUND');
  }
  if (order.status !== 'to_be_paid') {
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'proceeding' });
  }
  if (order.paymentDeadline && now.getTime() >= order.paymentDeadline.getTime()) {
    throw new AppError('PAYMENT_EXPIRED');
  }
  return order;
}

/**
 * Pays an order from the agency wallet in the caller's transaction: the order row is locked, must
 * be `to_be_paid` (a second payment is refused with ILLEGAL_TRANSITION before any charge) and
 * before its deadline (PAYMENT_EXPIRED); the ledger entry (unique per order and kind) and the move
 * to `proceeding` commit together. INSUFFICIENT_BALANCE passes through and changes nothing.
 */
export async function payOrder(
  tx: Db,
  ctx: RequestContext,
  id: string,
  request: PaymentRequest,
  now: Date,
  onPaid: OnPaid,
): Promise<FlightOrderRow> {
  if (request.channel !== 'balance') throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  const order = await lockPayable(tx, ctx, id, now);
  await payFromBalance(tx, {
    agencyId: order.agencyId,
    currency: order.currency,
    amountMinor: order.orderTotalMinor,
    orderId: order.id,
    kind: 'origin-flight',
    description: `Flight order ${order.bookingNumber}`,
    reference: order.bookingNumber,
    createdBy: ctx.user.id,
  });
  const paid = await transition(
    tx,
    order,
    'proceeding',
    now,
    { paymentState: 'paid', paymentChannel: 'balance', paidAt: now },
    'paid with balance',
  );
  await onPaid(tx, paid, now);
  return paid;
}
