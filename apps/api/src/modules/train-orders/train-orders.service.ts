import type { TrainTimelineNote } from '@portal/domain/train-order';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { BEIJING_TIME_ZONE, localDate } from '../../platform/time-zones';
import type { RailSupplier, RailSupplierRegistry } from '../rail/index';
import { reimburse } from '../wallet/index';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { findTrainOrder, lockTrainOrder, transitionTrainOrder } from './train-orders.repo';
import type { TrainOrderRow } from './train-orders.schema';

export interface TrainOrderDeps {
  db: Db;
  rail: RailSupplierRegistry;
  now: () => Date;
  /** Divides job delays (ticketing): 60 makes a minute a second. */
  timeScale: number;
}

export const TRAIN_TICKETING_JOB = 'train-ticketing';
export const TRAIN_REFUND_JOB = 'train-refund';
export const TRAIN_PAYMENT_DEADLINE_JOB = 'train-payment-deadline';
export const TRAIN_SUPPLIER_CANCEL_JOB = 'train-supplier-cancel';

/** How long after payment the railway is asked to issue (12306 issues within minutes), before scaling. */
export const TRAIN_TICKETING_DELAY_MS = 2 * 60_000;

/**
 * When an operator's ticketing or a refund is answered in the request, the job queued with it runs
 * only if that request did not finish (the supplier failed or the process stopped).
 */
export const TRAIN_FALLBACK_DELAY_MS = 5 * 60_000;

/** Upper bound of one rail supplier call. */
export const RAIL_ORDER_CALL_MS = 20_000;

/** Beijing's calendar day (the railway's) of an instant, `YYYY-MM-DD`. */
export function beijingDay(at: Date): string {
  return localDate(at, BEIJING_TIME_ZONE);
}

export function supplierOf(deps: TrainOrderDeps, name: string): RailSupplier {
  const supplier = deps.rail.get(name);
  if (!supplier) throw new AppError('SERVICE_UNAVAILABLE');
  return supplier;
}

/** Queues the job that finishes a ticketing or refund if the request's own supplier call does not. */
export async function queueFallbackJob(
  tx: Db,
  deps: TrainOrderDeps,
  job: string,
  orderId: string,
  now: Date,
): Promise<void> {
  const runAt = new Date(now.getTime() + TRAIN_FALLBACK_DELAY_MS / Math.max(1, deps.timeScale));
  await enqueueJob(tx, job, { orderId }, runAt);
}

/**
 * One supplier step of an order in `status` (ticketing, refund): reads the order, calls its
 * supplier with no transaction open, then settles the answer in one transaction on the order as
 * it is then. An order that is not (or no longer) in `status` is returned as it is, untouched.
 */
export async function settleSupplierCall<A>(
  deps: TrainOrderDeps,
  orderId: string,
  status: TrainOrderRow['status'],
  call: (supplier: RailSupplier, reference: string, signal: AbortSignal) => Promise<A>,
  settle: (tx: Db, order: TrainOrderRow, answer: A, now: Date) => Promise<TrainOrderRow>,
): Promise<TrainOrderRow | undefined> {
  const [current] = await deps.db.transaction(async (tx) => [await lockTrainOrder(tx, orderId)]);
  if (!current || current.status !== status) return current;
  const answer = await call(
    supplierOf(deps, current.supplier),
    current.referenceId,
    AbortSignal.timeout(RAIL_ORDER_CALL_MS),
  );
  return deps.db.transaction(async (tx) => {
    const order = await lockTrainOrder(tx, orderId);
    if (!order || order.status !== status) return order;
    return settle(tx, order, answer, deps.now());
  });
}

/**
 * In one short transaction: moves the order from `from` to `to` with `changes` and `note`, unless
 * it has moved on meanwhile (an operator's action, another runner).
 */
export async function moveIfStill(
  deps: TrainOrderDeps,
  orderId: string,
  move: { from: TrainOrderRow['status']; to: TrainOrderRow['status']; note: TrainTimelineNote },
  changes: Partial<TrainOrderRow> = {},
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockTrainOrder(tx, orderId);
    if (order?.status !== move.from) return;
    await transitionTrainOrder(tx, order, move.to, deps.now(), changes, move.note);
  });
}

/** The order `ctx` may see, locked in `tx`; 404 for another agency's or another user's order. */
export async function lockVisible(tx: Db, ctx: RequestContext, id: string): Promise<TrainOrderRow> {
  const order = await findTrainOrder(tx, ctx.agency.id, id, { forUpdate: true });
  if (!order || !canSeeOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/** The order `ctx` may see (no lock); 404 otherwise. */
export async function visibleTrainOrder(db: Db, ctx: RequestContext, id: string): Promise<TrainOrderRow> {
  const order = await findTrainOrder(db, ctx.agency.id, id);
  if (!order || !canSeeOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

export const illegal = (order: TrainOrderRow, to: string) =>
  new AppError('ILLEGAL_TRANSITION', { from: order.status, to });

/** Money back to the wallet for an order, once (`reimbursement`, the ledger's "money back" kind). */
export async function moneyBack(
  tx: Db,
  order: TrainOrderRow,
  amountMinor: number,
  what: string,
  userId: number | null,
) {
  if (order.paymentState !== 'paid' || amountMinor <= 0) return;
  await reimburse(tx, {
    agencyId: order.agencyId,
    currency: order.currency,
    amountMinor,
    orderId: order.id,
    kind: 'reimbursement',
    description: `${what} ${order.bookingNumber}`,
    reference: order.bookingNumber,
    createdBy: userId,
  });
}
