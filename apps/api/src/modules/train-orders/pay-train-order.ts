// Paying, canceling and expiring a train order, with the money back through the ledger.
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { agencyChannels } from '../payments/pay-order';
import { payFromBalance } from '../wallet/pay-from-balance';
import { assertTrainAction } from './train-order-actions';
import { lockTrainOrder, trainSettingsOf, transitionTrainOrder } from './train-orders.repo';
import type { TrainOrderRow } from './train-orders.schema';
import {
  RAIL_ORDER_CALL_MS,
  TRAIN_SUPPLIER_CANCEL_JOB,
  TRAIN_TICKETING_DELAY_MS,
  TRAIN_TICKETING_JOB,
  type TrainOrderDeps,
  illegal,
  lockVisible,
  moneyBack,
  supplierOf,
} from './train-orders.service';

/**
 * Pays an order from the wallet in `tx`: the agency may pay with its balance (403
 * PAYMENT_DISABLED, 400 PAYMENT_CHANNEL_UNAVAILABLE), the order is locked, to be paid (409 once
 * paid: never a second entry) and before its deadline (410 PAYMENT_EXPIRED). One `origin-train`
 * entry; then ticketing by job, or waiting for an operator when the agency's train setting
 * `manual` is on.
 */
export async function payTrainOrder(
  tx: Db,
  deps: TrainOrderDeps,
  ctx: RequestContext,
  id: string,
): Promise<TrainOrderRow> {
  if (ctx.agency.commonConfig.disablePayment === true) throw new AppError('PAYMENT_DISABLED');
  if (!agencyChannels(ctx).includes('balance')) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  const now = deps.now();
  const order = await lockVisible(tx, ctx, id);
  if (order.status !== 'to_be_paid') throw illegal(order, 'proceeding');
  if (order.paymentDeadline && now.getTime() >= order.paymentDeadline.getTime()) {
    throw new AppError('PAYMENT_EXPIRED');
  }
  await payFromBalance(tx, {
    agencyId: order.agencyId,
    currency: order.currency,
    amountMinor: order.orderTotalMinor,
    orderId: order.id,
    kind: 'origin-train',
    description: `Train order ${order.bookingNumber}`,
    reference: order.bookingNumber,
    createdBy: ctx.user.id,
  });
  const { manual } = await trainSettingsOf(tx, order.agencyId);
  const paid = { paymentState: 'paid' as const, paymentChannel: 'balance', paidAt: now };
  if (manual) {
    return transitionTrainOrder(
      tx,
      order,
      'manual_ticketing',
      now,
      { ...paid, manualTicketing: true },
      { key: 'paidAwaitingOperator' },
    );
  }
  const moved = await transitionTrainOrder(tx, order, 'proceeding', now, paid, {
    key: 'paidWithBalance',
  });
  await enqueueJob(
    tx,
    TRAIN_TICKETING_JOB,
    { orderId: order.id },
    new Date(now.getTime() + TRAIN_TICKETING_DELAY_MS / Math.max(1, deps.timeScale)),
  );
  return moved;
}

/**
 * Cancels an order before ticketing (to be paid, or waiting for manual ticketing): what was paid
 * goes back to the wallet in the same transaction; the supplier's seats are released by a job.
 */
export async function cancelTrainOrder(
  tx: Db,
  deps: TrainOrderDeps,
  ctx: RequestContext,
  id: string,
): Promise<TrainOrderRow> {
  const now = deps.now();
  const order = await lockVisible(tx, ctx, id);
  assertTrainAction(order, 'cancel', now, 'canceled');
  const back = order.paymentState === 'paid' ? order.orderTotalMinor : null;
  await moneyBack(tx, order, order.orderTotalMinor, 'Train order canceled', ctx.user.id);
  const canceled = await transitionTrainOrder(
    tx,
    order,
    'canceled',
    now,
    { refundedMinor: back },
    { key: 'canceledBy', params: { user: ctx.user.username } },
  );
  await queueSupplierCancel(tx, order, now);
  return canceled;
}

async function queueSupplierCancel(tx: Db, order: TrainOrderRow, now: Date): Promise<void> {
  await enqueueJob(
    tx,
    TRAIN_SUPPLIER_CANCEL_JOB,
    { supplier: order.supplier, reference: order.referenceId },
    now,
  );
}

/** The payment deadline passed: an unpaid order is canceled and its seats released. */
export async function expireTrainOrder(deps: TrainOrderDeps, orderId: string, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockTrainOrder(tx, orderId);
    if (!order || order.status !== 'to_be_paid') return;
    if (order.paymentDeadline && now.getTime() < order.paymentDeadline.getTime()) return;
    await transitionTrainOrder(tx, order, 'canceled', now, {}, { key: 'paymentDeadlinePassed' });
    await queueSupplierCancel(tx, order, now);
  });
}

/** Releases a booking's seats at the supplier (retried by the job runner when it fails). */
export async function cancelAtSupplier(
  deps: TrainOrderDeps,
  supplier: string,
  reference: string,
): Promise<void> {
  await supplierOf(deps, supplier).cancel(reference, AbortSignal.timeout(RAIL_ORDER_CALL_MS));
}
