// Paying, canceling and expiring a train order, with the money back through the ledger.
import { TRAIN_ACTION_RULES } from '@portal/domain/train-order-status';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import type { Payable } from '../payments/index';
import { payWithBalance } from '../payments/index';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { findTrainOrder, lockTrainOrder, trainSettingsOf, transitionTrainOrder } from './train-orders.repo';
import { assertTrainAction } from './train-order-actions';
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

/** The train action table's `pay` rule: its statuses and the payment deadline. */
const PAY_RULE = TRAIN_ACTION_RULES.find((rule) => rule.action === 'pay');

/**
 * Train orders as payables (balance only): the caller's order (404 unless visible; locked unless
 * `lock` is false), payable by the train action table (409 ILLEGAL_TRANSITION once paid: never a
 * second entry) and before its deadline (410 PAYMENT_EXPIRED). One `origin-train` entry; then
 * ticketing by job, or waiting for an operator when the agency's train setting `manual` is on.
 */
export function trainPayable(deps: TrainOrderDeps): Payable<string, TrainOrderRow> {
  return {
    channels: ['balance'],
    async due(tx, ctx, id, now, { lock }) {
      const order = await findTrainOrder(tx, ctx.agency.id, id, { forUpdate: lock });
      if (!order || !canSeeOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
      if (!PAY_RULE?.statuses.includes(order.status)) throw illegal(order, 'proceeding');
      const deadline = PAY_RULE.deadline === 'payment' ? order.paymentDeadline : null;
      if (deadline && now.getTime() >= deadline.getTime()) {
        throw new AppError('PAYMENT_EXPIRED');
      }
      return {
        agencyId: order.agencyId,
        amountMinor: order.orderTotalMinor,
        currency: order.currency,
        deadline: order.paymentDeadline,
        checkoutText: order.bookingNumber,
        posting: {
          kind: 'origin-train',
          ledgerOrderId: order.id,
          description: `Train order ${order.bookingNumber}`,
          reference: order.bookingNumber,
          markupLegs: [],
        },
        paid: (paidTx, { channel }, paidAt) => moveOnPaid(paidTx, deps, order, channel, paidAt),
      };
    },
  };
}

/** A paid order waits for an operator (agency setting `manual`) or is queued for ticketing. */
async function moveOnPaid(
  tx: Db,
  deps: TrainOrderDeps,
  order: TrainOrderRow,
  channel: string,
  now: Date,
): Promise<TrainOrderRow> {
  const { manual } = await trainSettingsOf(tx, order.agencyId);
  const paid = { paymentState: 'paid' as const, paymentChannel: channel, paidAt: now };
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
 * Pays an order from the wallet in `tx`, through the one payment path (`payWithBalance`): the
 * agency may pay with its balance (403 PAYMENT_DISABLED, 400 PAYMENT_CHANNEL_UNAVAILABLE), then
 * `trainPayable`'s checks, the ledger entry and the move on commit together.
 */
export async function payTrainOrder(
  tx: Db,
  deps: TrainOrderDeps,
  ctx: RequestContext,
  id: string,
): Promise<TrainOrderRow> {
  return payWithBalance(tx, ctx, trainPayable(deps), id, deps.now());
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
