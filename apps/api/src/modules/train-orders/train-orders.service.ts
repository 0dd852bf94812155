import crypto from 'node:crypto';
import { minorDigits, toMinor } from '@portal/domain/currency-conversion';
import type { RuleError } from '@portal/domain/passenger-rules';
import type { TrainOffer } from '@portal/domain/rail';
import {
  birthdayFromResidentId,
  TRAIN_PAYMENT_MINUTES,
  trainTicketPriceMinor,
  validateTrainPassenger,
  type CreateTrainOrderBody,
} from '@portal/domain/train-order';
import { normalizeDocumentNumber } from '@portal/domain/document-types';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { agencyChannels } from '../payments/pay-order';
import { presentTrain } from '../rail/rail.presenter';
import type { RailSupplier, RailSupplierRegistry, RailTrain } from '../rail/rail-supplier';
import { notifyTrainOrderWebhook } from './train-order-webhook';
import { payFromBalance } from '../wallet/pay-from-balance';
import { reimburse } from '../wallet/reimburse';
import { refundOf } from './train-orders.presenter';
import { canSeeTrainOrder, canTicketTrainOrders } from './train-orders.policy';
import {
  findTrainOrder,
  insertTrainOrder,
  lockTrainOrder,
  trainSettingsOf,
  transitionTrainOrder,
} from './train-orders.repo';
import type { StoredTrainPassenger, TrainOrderRow } from './train-orders.schema';

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
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

const ruleErrors = (prefix: string, errors: readonly RuleError[]) =>
  errors.map((e) => ({
    path: `${prefix}.${e.path}`,
    message: e.key,
    key: e.key,
    ...(e.params ? { params: e.params } : {}),
  }));

/** What the supplier answered a booking: booked, or the offer as it is now (409 QUOTE_CHANGED). */
export type TrainBookingOutcome =
  | { kind: 'booked'; supplier: string; reference: string; train: RailTrain; priceMinor: number }
  | { kind: 'quote_changed'; reason: 'price_changed' | 'unavailable'; train: TrainOffer | null };

function supplierOf(deps: TrainOrderDeps, name: string): RailSupplier {
  const supplier = deps.rail.get(name);
  if (!supplier) throw new AppError('SERVICE_UNAVAILABLE');
  return supplier;
}

/** Queues the job that finishes a ticketing or refund if the request's own supplier call does not. */
async function queueFallbackJob(
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
async function settleSupplierCall<A>(
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
 * Checks the passengers (the document rules of spec §5 as 12306 takes them), then asks the rail
 * suppliers to book the chosen train and class at the price the agent saw; no transaction is open.
 */
export async function bookTrainAtSupplier(
  deps: TrainOrderDeps,
  body: CreateTrainOrderBody,
): Promise<TrainBookingOutcome> {
  const now = deps.now();
  const travelDate = body.trainId.split('|')[3] ?? beijingDay(now);
  const errors = body.passengers.flatMap((p, i) =>
    ruleErrors(`passengers.${i}`, validateTrainPassenger(p, { today: beijingDay(now), travelDate })),
  );
  if (errors.length > 0) throw new AppError('PASSENGER_INVALID', undefined, { errors });

  const suppliers = deps.rail.list();
  if (suppliers.length === 0) throw new AppError('SERVICE_UNAVAILABLE');
  if (body.expectedPrice.currency !== 'CNY') {
    return { kind: 'quote_changed', reason: 'price_changed', train: null };
  }
  const expectedPriceMinor = toMinor(body.expectedPrice.amount, minorDigits('CNY'));
  const request = {
    ref: body.trainId,
    seatClass: body.seatClass,
    expectedPriceMinor,
    passengers: body.passengers.map((p) => ({
      name: p.name.trim(),
      type: p.type,
      documentType: p.document.interfaceType,
      documentNumber: normalizeDocumentNumber(p.document.number),
    })),
  };
  let changed: TrainBookingOutcome | undefined;
  for (const supplier of suppliers) {
    let answer;
    try {
      answer = await supplier.book(request, AbortSignal.timeout(RAIL_ORDER_CALL_MS));
    } catch {
      continue;
    }
    if (answer.kind === 'booked' && Date.parse(answer.train.departureUtc) <= now.getTime()) {
      // The train has left (a search answer holds the whole day): release the seats at once.
      await supplier.cancel(answer.reference, AbortSignal.timeout(RAIL_ORDER_CALL_MS)).catch(() => undefined);
      return { kind: 'quote_changed', reason: 'unavailable', train: null };
    }
    if (answer.kind === 'booked') {
      return {
        kind: 'booked',
        supplier: supplier.name,
        reference: answer.reference,
        train: answer.train,
        priceMinor: answer.priceMinor,
      };
    }
    // A supplier that knows the train says more than one that does not.
    if (answer.kind === 'price_changed' || answer.train || !changed) {
      changed = {
        kind: 'quote_changed',
        reason: answer.kind === 'price_changed' ? 'price_changed' : 'unavailable',
        train: answer.train ? presentTrain(answer.train) : null,
      };
    }
  }
  // Every supplier failed: nothing is booked.
  if (changed) return changed;
  throw new AppError('BOOKING_FAILED');
}

/** Saves a booked order (to be paid before its deadline) and queues its deadline, in `tx`. */
export async function saveTrainOrder(
  tx: Db,
  ctx: RequestContext,
  body: CreateTrainOrderBody,
  booked: Extract<TrainBookingOutcome, { kind: 'booked' }>,
  now: Date,
): Promise<TrainOrderRow> {
  const { train } = booked;
  const passengers: StoredTrainPassenger[] = body.passengers.map((p) => ({
    id: crypto.randomUUID(),
    type: p.type,
    name: p.name.trim(),
    gender: p.gender ?? null,
    birthday:
      p.birthday ??
      (p.document.interfaceType === 'national-id'
        ? (birthdayFromResidentId(p.document.number) ?? null)
        : null),
    nationality: p.nationality.toUpperCase(),
    document: {
      interfaceType: p.document.interfaceType,
      number: normalizeDocumentNumber(p.document.number),
      expiryDate: p.document.expiryDate ?? null,
    },
    priceMinor: trainTicketPriceMinor(booked.priceMinor, p.type),
    seat: null,
    ticketNumber: null,
  }));
  const offer = presentTrain(train);
  const departureAt = new Date(train.departureUtc);
  const paymentDeadline = new Date(
    Math.min(now.getTime() + TRAIN_PAYMENT_MINUTES * 60_000, departureAt.getTime()),
  );
  const order = await insertTrainOrder(
    tx,
    {
      agencyId: ctx.agency.id,
      userId: ctx.user.id,
      status: 'to_be_paid',
      supplier: booked.supplier,
      trainRef: body.trainId,
      referenceId: booked.reference,
      train: {
        trainNumber: offer.trainNumber,
        trainType: offer.trainType,
        departure: offer.departure,
        arrival: offer.arrival,
        departureUtc: departureAt.toISOString(),
        durationMinutes: offer.durationMinutes,
        distanceKm: offer.distanceKm,
      },
      trainNumber: offer.trainNumber,
      seatClass: body.seatClass,
      passengers,
      passengerNames: passengers.map((p) => p.name.toUpperCase()).join('\n'),
      contact: body.contact,
      currency: train.currency,
      orderTotalMinor: passengers.reduce((sum, p) => sum + p.priceMinor, 0),
      departureAt,
      departureDate: offer.departure.time.slice(0, 10),
      paymentDeadline,
      timeline: [{ status: 'to_be_paid', at: now.toISOString(), note: `Booked by ${ctx.user.username}` }],
      createdAt: now,
      updatedAt: now,
    },
    now,
  );
  await enqueueJob(tx, TRAIN_PAYMENT_DEADLINE_JOB, { orderId: order.id }, paymentDeadline);
  return order;
}

/** The order `ctx` may see, locked in `tx`; 404 for another agency's or another user's order. */
async function lockVisible(tx: Db, ctx: RequestContext, id: string): Promise<TrainOrderRow> {
  const order = await findTrainOrder(tx, ctx.agency.id, id, { forUpdate: true });
  if (!order || !canSeeTrainOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/** The order `ctx` may see (no lock); 404 otherwise. */
export async function visibleTrainOrder(db: Db, ctx: RequestContext, id: string): Promise<TrainOrderRow> {
  const order = await findTrainOrder(db, ctx.agency.id, id);
  if (!order || !canSeeTrainOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

const illegal = (order: TrainOrderRow, to: string) =>
  new AppError('ILLEGAL_TRANSITION', { from: order.status, to });

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
      'Paid with the balance; waiting for an operator to ticket',
    );
  }
  const moved = await transitionTrainOrder(tx, order, 'proceeding', now, paid, 'Paid with the balance');
  await enqueueJob(
    tx,
    TRAIN_TICKETING_JOB,
    { orderId: order.id },
    new Date(now.getTime() + TRAIN_TICKETING_DELAY_MS / Math.max(1, deps.timeScale)),
  );
  return moved;
}

/** Money back to the wallet for an order, once (`reimbursement`, the ledger's "money back" kind). */
async function moneyBack(
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
  if (order.status !== 'to_be_paid' && order.status !== 'manual_ticketing') throw illegal(order, 'canceled');
  const back = order.paymentState === 'paid' ? order.orderTotalMinor : null;
  await moneyBack(tx, order, order.orderTotalMinor, 'Train order canceled', ctx.user.id);
  const canceled = await transitionTrainOrder(
    tx,
    order,
    'canceled',
    now,
    { refundedMinor: back },
    `Canceled by ${ctx.user.username}`,
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

/**
 * An operator's ticketing of an order waiting in manual_ticketing: in one short transaction the
 * order moves to proceeding (with a fallback job); the supplier is then asked outside it.
 */
export async function startManualTicketing(
  tx: Db,
  deps: TrainOrderDeps,
  ctx: RequestContext,
  id: string,
): Promise<TrainOrderRow> {
  if (!canTicketTrainOrders(ctx)) throw new AppError('NO_ACCESS');
  const now = deps.now();
  const order = await lockVisible(tx, ctx, id);
  if (order.status !== 'manual_ticketing') throw illegal(order, 'proceeding');
  if (now.getTime() >= order.departureAt.getTime()) throw illegal(order, 'proceeding');
  const moved = await transitionTrainOrder(
    tx,
    order,
    'proceeding',
    now,
    {},
    `Ticketing by ${ctx.user.username}`,
  );
  await queueFallbackJob(tx, deps, TRAIN_TICKETING_JOB, order.id, now);
  return moved;
}

/**
 * Asks the supplier to issue the tickets of a proceeding order (no transaction open), then in one
 * transaction: ticketed with each passenger's coach and seat (and the train notification URL's
 * signed webhook queued), or failed with the money back. A supplier error is thrown (the job
 * retries); an order no longer proceeding is left alone.
 */
export async function completeTicketing(
  deps: TrainOrderDeps,
  orderId: string,
): Promise<TrainOrderRow | undefined> {
  return settleSupplierCall(
    deps,
    orderId,
    'proceeding',
    (supplier, reference, signal) => supplier.ticket(reference, signal),
    async (tx, order, answer, now) => {
      if (answer.kind === 'refused') {
        await moneyBack(tx, order, order.orderTotalMinor, 'Train ticketing failed', null);
        return transitionTrainOrder(
          tx,
          order,
          'failed',
          now,
          { refundedMinor: order.paymentState === 'paid' ? order.orderTotalMinor : null },
          answer.reason,
        );
      }
      const passengers = order.passengers.map((p, i) => {
        const ticket = answer.tickets[i];
        return ticket
          ? {
              ...p,
              seat: { coach: ticket.coach, seatNumber: ticket.seatNumber },
              ticketNumber: ticket.ticketNumber,
            }
          : p;
      });
      const ticketed = await transitionTrainOrder(
        tx,
        order,
        'ticketed',
        now,
        { passengers, ticketedAt: now },
        null,
      );
      const { notificationUrl } = await trainSettingsOf(tx, order.agencyId);
      if (notificationUrl) {
        await notifyTrainOrderWebhook(tx, {
          agencyId: order.agencyId,
          orderId: order.id,
          url: notificationUrl,
          at: now,
          payload: {
            event: 'train.order.ticketed',
            orderId: order.id,
            bookingNumber: order.bookingNumber,
            status: 'ticketed',
            trainNumber: order.train.trainNumber,
            departure: `${order.train.departure.station.code} ${order.train.departure.time}`,
            passengers: passengers.map((p) => ({
              name: p.name,
              coach: p.seat?.coach ?? '',
              seatNumber: p.seat?.seatNumber ?? '',
            })),
          },
        });
      }
      return ticketed;
    },
  );
}

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
  if (order.status !== 'ticketed') throw illegal(order, 'refunding');
  const refund = refundOf(order, now);
  if (!refund)
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'refunding' }, { reason: 'departed' });
  const moved = await transitionTrainOrder(
    tx,
    order,
    'refunding',
    now,
    { refundFeeMinor: refund.feeMinor },
    `Refund asked by ${ctx.user.username}; fee ${refund.percent} %`,
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
        return transitionTrainOrder(tx, order, 'ticketed', now, { refundFeeMinor: null }, answer.reason);
      }
      const back = order.orderTotalMinor - (order.refundFeeMinor ?? 0);
      await moneyBack(tx, order, back, 'Train order refund', null);
      return transitionTrainOrder(tx, order, 'refunded', now, { refundedMinor: back }, null);
    },
  );
}

/** The payment deadline passed: an unpaid order is canceled and its seats released. */
export async function expireTrainOrder(deps: TrainOrderDeps, orderId: string, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockTrainOrder(tx, orderId);
    if (!order || order.status !== 'to_be_paid') return;
    if (order.paymentDeadline && now.getTime() < order.paymentDeadline.getTime()) return;
    await transitionTrainOrder(tx, order, 'canceled', now, {}, 'Not paid before the payment deadline');
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
