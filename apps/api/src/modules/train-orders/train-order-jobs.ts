import { type JobHandler, MAX_JOB_ATTEMPTS } from '../../platform/jobs';
import type { JobRow } from '../../platform/jobs.schema';
import { cancelAtSupplier, expireTrainOrder } from './pay-train-order';
import { completeRefund, giveBackRefund } from './refund-train-order';
import { completeTicketing, handTicketingToOperators } from './ticket-train-order';
import {
  TRAIN_PAYMENT_DEADLINE_JOB,
  TRAIN_REFUND_JOB,
  TRAIN_SUPPLIER_CANCEL_JOB,
  TRAIN_TICKETING_JOB,
  type TrainOrderDeps,
} from './train-orders.service';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Runs a supplier call of `job`; when its last attempt fails too (the runner gives a job up after
 * MAX_JOB_ATTEMPTS), `giveUp` puts the order where people can act on it instead of leaving it in
 * a state only the job could end.
 */
async function orGiveUp(job: JobRow, run: () => Promise<unknown>, giveUp: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    if (job.attempts < MAX_JOB_ATTEMPTS) throw error;
    await giveUp();
  }
}

/**
 * The train order jobs: ticketing (after payment, time-scaled; or the fallback of an operator's
 * ticketing), the refund's fallback, the payment deadline and the release of a canceled
 * booking's seats. Each calls the supplier outside any transaction; a supplier error throws so
 * the runner retries with backoff. When ticketing's or a refund's last attempt fails, the order
 * goes back to people: ticketing to the operators (manual_ticketing), a refund to the agent
 * (ticketed, to ask again).
 */
export function trainOrderJobHandlers(deps: TrainOrderDeps): Record<string, JobHandler> {
  return {
    [TRAIN_TICKETING_JOB]: async (_db, job) => {
      const orderId = text(job.payload.orderId);
      await orGiveUp(
        job,
        () => completeTicketing(deps, orderId),
        () => handTicketingToOperators(deps, orderId),
      );
    },
    [TRAIN_REFUND_JOB]: async (_db, job) => {
      const orderId = text(job.payload.orderId);
      await orGiveUp(
        job,
        () => completeRefund(deps, orderId),
        () => giveBackRefund(deps, orderId),
      );
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
