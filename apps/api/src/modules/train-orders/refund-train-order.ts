// Refunding a ticketed train order with the rail refund fee by time before departure.
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { assertTrainAction } from './train-order-actions';
import { refundOf } from './train-orders.presenter';
import { transitionTrainOrder } from './train-orders.repo';
import type { TrainOrderRow } from './train-orders.schema';
import {
  TRAIN_REFUND_JOB,
  type TrainOrderDeps,
  lockVisible,
  moneyBack,
  moveIfStill,
  queueFallbackJob,
  settleSupplierCall,
} from './train-orders.service';

/**
 * A refund of a ticketed order before departure: the fee is fixed now by the rail refund rule
 * (per ticket, `railRefundQuote`) and the order moves to refunding (with a fallback job), in one
 * short transaction; the supplier is asked outside it (`completeRefund`).
 */
export async function startRefund(
  tx: Db,
  deps: TrainOrderDeps,
  ctx: RequestContext,
  id: string,
): Promise<TrainOrderRow> {
  const now = deps.now();
  const order = await lockVisible(tx, ctx, id);
  assertTrainAction(order, 'refund', now, 'refunding');
  const refund = refundOf(order, now);
  if (!refund)
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'refunding' }, { reason: 'departed' });
  const moved = await transitionTrainOrder(
    tx,
    order,
    'refunding',
    now,
    { refundFeeMinor: refund.feeMinor },
    { key: 'refundAskedBy', params: { user: ctx.user.username, percent: String(refund.percent) } },
  );
  await queueFallbackJob(tx, deps, TRAIN_REFUND_JOB, order.id, now);
  return moved;
}

/**
 * Asks the supplier to refund a refunding order (no transaction open), then in one transaction:
 * refunded with the price less the fee back in the wallet, or back to ticketed when the railway
 * refuses. A supplier error is thrown (the job retries).
 */
export async function completeRefund(
  deps: TrainOrderDeps,
  orderId: string,
): Promise<TrainOrderRow | undefined> {
  return settleSupplierCall(
    deps,
    orderId,
    'refunding',
    (supplier, reference, signal) => supplier.refund(reference, signal),
    async (tx, order, answer, now) => {
      if (answer.kind === 'refused') {
        return transitionTrainOrder(
          tx,
          order,
          'ticketed',
          now,
          { refundFeeMinor: null },
          {
            supplierText: answer.reason,
          },
        );
      }
      const back = order.orderTotalMinor - (order.refundFeeMinor ?? 0);
      await moneyBack(tx, order, back, 'Train order refund', null);
      return transitionTrainOrder(tx, order, 'refunded', now, { refundedMinor: back }, null);
    },
  );
}

/**
 * The refund job's last attempt failed too (the railway never answered): the order goes back to
 * ticketed with its fee cleared, so the agent may ask the refund again, instead of staying
 * refunding for good. No money moves: the railway has confirmed no refund.
 */
export async function giveBackRefund(deps: TrainOrderDeps, orderId: string): Promise<void> {
  await moveIfStill(
    deps,
    orderId,
    { from: 'refunding', to: 'ticketed', note: { key: 'railwayNoAnswerRefund' } },
    { refundFeeMinor: null },
  );
}
