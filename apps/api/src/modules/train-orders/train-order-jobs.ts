import type { JobHandler } from '../../platform/jobs';
import { cancelAtSupplier, expireTrainOrder } from './pay-train-order';
import { completeRefund } from './refund-train-order';
import { completeTicketing } from './ticket-train-order';
import {
  TRAIN_PAYMENT_DEADLINE_JOB,
  TRAIN_REFUND_JOB,
  TRAIN_SUPPLIER_CANCEL_JOB,
  TRAIN_TICKETING_JOB,
  type TrainOrderDeps,
} from './train-orders.service';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The train order jobs: ticketing (after payment, time-scaled; or the fallback of an operator's
 * ticketing), the refund's fallback, the payment deadline and the release of a canceled
 * booking's seats. Each calls the supplier outside any transaction; a supplier error throws so
 * the runner retries with backoff.
 */
export function trainOrderJobHandlers(deps: TrainOrderDeps): Record<string, JobHandler> {
  return {
    [TRAIN_TICKETING_JOB]: async (_db, job) => {
      await completeTicketing(deps, text(job.payload.orderId));
    },
    [TRAIN_REFUND_JOB]: async (_db, job) => {
      await completeRefund(deps, text(job.payload.orderId));
    },
    [TRAIN_PAYMENT_DEADLINE_JOB]: async (_db, job, now) => {
      await expireTrainOrder(deps, text(job.payload.orderId), now);
    },
    [TRAIN_SUPPLIER_CANCEL_JOB]: async (_db, job) => {
      const supplier = text(job.payload.supplier);
      // A supplier no longer configured holds nothing to release here.
      if (!deps.rail.get(supplier)) return;
      await cancelAtSupplier(deps, supplier, text(job.payload.reference));
    },
  };
}
