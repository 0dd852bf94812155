// The train action table (`@portal/domain/train-order-status`) as the guard of the train use cases.
import {
  trainActionRefusal,
  type TrainActionSubject,
  type TrainOrderAction,
  type TrainOrderStatus,
} from '@portal/domain/train-order-status';
import { AppError } from '../../platform/errors';
import type { TrainOrderRow } from './train-orders.schema';

/** An order as the action table reads it (the same subject the presenter's `allowedActions` use). */
export function trainActionSubject(order: TrainOrderRow): TrainActionSubject {
  return {
    status: order.status,
    paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
    departureUtc: order.train.departureUtc,
  };
}

/**
 * Refuses `action` on `order` at `now` unless the action table allows it, so a use case offers
 * and performs exactly what `allowedActions` shows: 409 ILLEGAL_TRANSITION `{from, to}` for a
 * status the rule does not list (with `{reason: 'departed'}` once the train has left), 410
 * PAYMENT_EXPIRED once the payment deadline has passed.
 */
export function assertTrainAction(
  order: TrainOrderRow,
  action: TrainOrderAction,
  now: Date,
  to: TrainOrderStatus,
): void {
  const refusal = trainActionRefusal(trainActionSubject(order), action, now);
  if (refusal === null) return;
  if (refusal === 'payment-deadline') throw new AppError('PAYMENT_EXPIRED');
  const data = refusal === 'departed' ? { reason: 'departed' } : null;
  throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to }, data);
}
