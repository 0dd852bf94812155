import type { Db } from '../../../platform/db';
import { enqueueJob, type JobHandler } from '../../../platform/jobs';
import { SUPPLIER_CALL_MS, type FlightOrderDeps } from '../flight-orders.context';
import { lockOrderById, transition } from '../flight-orders.repo';
import type { FlightOrderRow } from '../flight-orders.schema';
import { answerOrRefusal } from '../supplier-answer';
import { toSupplierPassengers } from '../supplier-passengers';
import { notifyOrderEvent } from '../../notifications/index';
import { requestRuleFee, type RefundQuoteAnswer, type RefundRequestToSupplier } from '../../shopping/index';
import { rateFromCny } from '../../exchange-rates/index';
import { cnyToOrder } from './change-jobs';
import { claimedPaid, releaseClaims } from './claims';
import { involuntaryGrounds } from './involuntary-refund';
import {
  REFUND_CONFIRM_DEADLINE_JOB,
  REFUND_CONFIRM_WINDOW_MS,
  REFUND_EXECUTE_JOB,
  REFUND_REVIEW_JOB,
  refundQuote,
  scaled,
} from './refund';
import { creditBack, failRequest, rejectRequest } from './request-outcomes';
import { serviceFeeFor } from './service-fees';
import { deadlineWithin, supplierQuoteOf } from './supplier-quote';
import { VOID_EXECUTE_JOB } from './void';

const orderIdOf = (payload: Record<string, unknown>) => {
  const id = payload.orderId;
  if (typeof id !== 'string') throw new Error('job without orderId');
  return id;
};

/** The order a refund or void acts on and the supplier's view of the request. */
async function supplierRequest(
  db: Db,
  order: FlightOrderRow,
): Promise<{ original: FlightOrderRow; request: RefundRequestToSupplier } | undefined> {
  const afterSales = order.afterSales;
  if (!afterSales || !order.originalBookingId) return undefined;
  const original = await lockOrderById(db, order.originalBookingId);
  if (!original) return undefined;
  return {
    original,
    request: {
      requestId: order.id,
      pnr: original.pnr ?? '',
      offer: original.offer,
      passengers: toSupplierPassengers(order.passengers),
      segmentIndexes: afterSales.selection.segmentIndexes,
      paidMinor: await claimedPaid(db, order.id),
      currency: order.currency,
      requestedAt: order.createdAt,
      ...involuntaryGrounds(afterSales),
      ...(afterSales.supplierQuote ? { supplierQuote: afterSales.supplierQuote } : {}),
    },
  };
}

/**
 * The refund fee of an approved answer in the request's currency: the desk's own, else the fee of
 * the fare's published terms at the time the refund was asked (including what the fare keeps),
 * converted from the offer's currency; a rejection stays one, and so does a refund the terms forbid.
 */
async function refundFeeOf(
  db: Db,
  request: RefundRequestToSupplier,
  answer: RefundQuoteAnswer,
): Promise<{ status: 'approved'; refundFeeMinor: number } | { status: 'rejected'; reason: string }> {
  if (answer.status === 'rejected') return answer;
  if (answer.refundFeeMinor !== undefined)
    return { status: 'approved', refundFeeMinor: answer.refundFeeMinor };
  const fee = requestRuleFee(request, 'refund');
  if (!fee.allowed) return { status: 'rejected', reason: 'The fare rules do not allow a refund' };
  const rate = await rateFromCny(db, request.currency);
  return { status: 'approved', refundFeeMinor: cnyToOrder(fee.feeMinor, request.currency, rate) };
}

/**
 * The desk's review of a refund order in rfd_reviewing: the supplier's quote is asked outside any
 * transaction; then, if the order is still in review, approve -> rfd_to_be_confirm with the quote
 * (refund fee, the agency's refund service fee converted to the order currency, the refundable
 * total capped by what was paid, the supplier's own quote to confirm later) and a confirmation
 * deadline, no later than that quote lapses; or reject -> rfd_rejected with the reason, its claims
 * released.
 */
function reviewHandler(deps: FlightOrderDeps): JobHandler {
  return async (db: Db, job: Parameters<JobHandler>[1], now: Date) => {
    const orderId = orderIdOf(job.payload);
    const read = await db.transaction(async (tx) => {
      const order = await lockOrderById(tx, orderId);
      if (!order || order.status !== 'rfd_reviewing') return undefined;
      const prepared = await supplierRequest(tx, order);
      return prepared ? { order, ...prepared } : undefined;
    });
    if (!read) return;
    const supplier = deps.registry.get(read.order.supplier);
    const quoteRefund = supplier?.quoteRefund?.bind(supplier);
    const answer = quoteRefund
      ? await deps.runner
          .bounded(SUPPLIER_CALL_MS, (signal) => quoteRefund(read.request, signal))
          .catch(() => undefined)
      : ({ status: 'rejected', reason: 'The supplier does not take refunds online' } as const);
    // No answer (timeout or error): the job fails and the runner tries it again later.
    if (!answer) throw new Error(`refund review of ${orderId}: no answer from the supplier`);
    const fee = await refundFeeOf(db, read.request, answer);
    await db.transaction(async (tx) => {
      const order = await lockOrderById(tx, orderId);
      if (!order || order.status !== 'rfd_reviewing' || !order.afterSales) return;
      if (fee.status === 'rejected') {
        await rejectRequest(tx, order, 'rfd_rejected', fee.reason, now);
        return;
      }
      const paid = read.request.paidMinor;
      const refundFee = Math.min(Math.max(0, fee.refundFeeMinor), paid);
      const serviceFee = await serviceFeeFor(tx, order.agencyId, 'refund', order.currency);
      const quote = refundQuote(order.currency, paid, refundFee, serviceFee);
      const supplierQuote = supplierQuoteOf(answer);
      const confirmDeadline = deadlineWithin(
        new Date(now.getTime() + scaled(REFUND_CONFIRM_WINDOW_MS, deps.timeScale)),
        supplierQuote,
      );
      const quoted = await transition(
        tx,
        order,
        'rfd_to_be_confirm',
        now,
        {
          afterSales: { ...order.afterSales, quote, supplierQuote },
          orderTotalMinor: quote.refundableTotalMinor,
          saleTotalMinor: quote.refundableTotalMinor,
          confirmDeadline,
        },
        { key: 'refundQuoted' },
      );
      await enqueueJob(tx, REFUND_CONFIRM_DEADLINE_JOB, { orderId }, confirmDeadline);
      await notifyOrderEvent(tx, { kind: 'refund.quoted', order: quoted, at: now });
    });
  };
}

/** A quoted refund not confirmed by its deadline is canceled and its tickets freed. */
const confirmDeadlineHandler: JobHandler = async (db, job, now) => {
  const orderId = orderIdOf(job.payload);
  await db.transaction(async (tx) => {
    const order = await lockOrderById(tx, orderId);
    if (!order || order.status !== 'rfd_to_be_confirm' || !order.confirmDeadline) return;
    if (now.getTime() < order.confirmDeadline.getTime()) return;
    const canceled = await transition(
      tx,
      order,
      'refund_canceled',
      now,
      {},
      { key: 'confirmationDeadlinePassed' },
    );
    await releaseClaims(tx, order.id, now);
    await notifyOrderEvent(tx, { kind: 'refund.canceled', order: canceled, at: now });
  });
};

/**
 * The supplier's refund of a confirmed refund order (rfd_proceeding), called outside any
 * transaction; then refunded -> refunded_reimbursing -> refunded_reimbursed with the refundable
 * total credited to the wallet (ledger kind refund-flight, none when 0) in one transaction, or
 * refund_failed with its claims released when the supplier refuses (or never answers:
 * `answerOrRefusal` asks again first).
 */
function executeHandler(deps: FlightOrderDeps): JobHandler {
  return async (db: Db, job: Parameters<JobHandler>[1], now: Date) => {
    const orderId = orderIdOf(job.payload);
    const read = await db.transaction(async (tx) => {
      const order = await lockOrderById(tx, orderId);
      if (!order || order.status !== 'rfd_proceeding') return undefined;
      const prepared = await supplierRequest(tx, order);
      return prepared ? { order, ...prepared } : undefined;
    });
    if (!read) return;
    const supplier = deps.registry.get(read.order.supplier);
    const refund = supplier?.refund?.bind(supplier);
    const done = refund
      ? await answerOrRefusal(job, () =>
          deps.runner.bounded(SUPPLIER_CALL_MS, async (signal) => {
            await refund(read.request, signal);
            return true;
          }),
        )
      : false;
    await db.transaction(async (tx) => {
      const order = await lockOrderById(tx, orderId);
      if (!order || order.status !== 'rfd_proceeding') return;
      if (!done) {
        await failRequest(tx, order, 'refund_failed', now);
        return;
      }
      await creditBack(tx, order, 'refund', now);
    });
  };
}

/**
 * The supplier's void of a void order (void_proceeding), called outside any transaction; then
 * voided -> voided_reimbursing -> voided_reimbursed with paid minus the void service fee credited
 * (ledger kind void-flight, none when 0) in one transaction; a rejection -> void_rejected and a
 * failure -> void_failed, each with its claims released. No answer is asked again by the job's
 * retries first (`answerOrRefusal`).
 */
function voidHandler(deps: FlightOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    const read = await db.transaction(async (tx) => {
      const order = await lockOrderById(tx, orderId);
      if (!order || order.status !== 'void_proceeding') return undefined;
      const prepared = await supplierRequest(tx, order);
      return prepared ? { order, ...prepared } : undefined;
    });
    if (!read) return;
    const supplier = deps.registry.get(read.order.supplier);
    const voidTickets = supplier?.void?.bind(supplier);
    const request = {
      requestId: read.request.requestId,
      pnr: read.request.pnr,
      offer: read.request.offer,
      passengers: read.request.passengers,
    };
    const answer = voidTickets
      ? await answerOrRefusal(job, () =>
          deps.runner.bounded(SUPPLIER_CALL_MS, (signal) => voidTickets(request, signal)),
        )
      : ({ status: 'rejected', reason: 'The supplier does not void tickets online' } as const);
    await db.transaction(async (tx) => {
      const order = await lockOrderById(tx, orderId);
      if (!order || order.status !== 'void_proceeding' || !order.afterSales) return;
      if (!answer) {
        await failRequest(tx, order, 'void_failed', now);
        return;
      }
      if (answer.status === 'rejected') {
        await rejectRequest(tx, order, 'void_rejected', answer.reason, now);
        return;
      }
      await creditBack(tx, order, 'void', now);
    });
  };
}

/** The refund and void jobs, for `jobHandlers` in `app.ts`. */
export function afterSalesJobHandlers(deps: FlightOrderDeps): Record<string, JobHandler> {
  return {
    [REFUND_REVIEW_JOB]: reviewHandler(deps),
    [REFUND_CONFIRM_DEADLINE_JOB]: confirmDeadlineHandler,
    [REFUND_EXECUTE_JOB]: executeHandler(deps),
    [VOID_EXECUTE_JOB]: voidHandler(deps),
  };
}
