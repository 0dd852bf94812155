import { eq } from 'drizzle-orm';
import { changeAmountDue, isInvoluntaryChange, type AfterSalesQuote } from '@portal/domain/after-sales';
import { convertMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { Db } from '../../../platform/db';
import { enqueueJob, type JobHandler } from '../../../platform/jobs';
import { PAYMENT_WINDOW_MS, SUPPLIER_CALL_MS, type FlightOrderDeps } from '../flight-orders.context';
import { lockOrderById, transition } from '../flight-orders.repo';
import { flightOrders, type FlightOrderRow } from '../flight-orders.schema';
import { answerOrRefusal } from '../supplier-answer';
import { toSupplierPassengers } from '../supplier-passengers';
import { registerTickets, retryUnlessLastAttempt } from '../tickets';
import { notifyOrderEvent } from '../../notifications/index';
import { rateFromCny } from '../../exchange-rates/index';
import type { ChangeQuoteAnswer, ChangeRequestToSupplier, ReissueAnswer } from '../../shopping/index';
import { moneyParams, returnMoney } from '../return-money';
import { releaseClaims } from './claims';
import { rejectRequest } from './request-outcomes';
import { deadlineWithin, supplierQuoteOf } from './supplier-quote';

export const CHANGE_REVIEW_JOB = 'flight-change-review';
export const CHANGE_PAYMENT_DEADLINE_JOB = 'flight-change-payment-deadline';
export const CHANGE_REISSUE_JOB = 'flight-change-reissue';

/** The simulated desks answer a change request this long after it arrives (before TIME_SCALE). */
export const CHANGE_REVIEW_DELAY_MS = 15 * 60_000;
/** Reissue runs this long after payment, or after an approval with nothing to pay (before TIME_SCALE). */
export const REISSUE_DELAY_MS = 5 * 60_000;
/** A reissue the airline holds is asked about again after this long (before TIME_SCALE). */
export const HOLDING_RECHECK_MS = 30 * 60_000;

const scaled = (now: Date, delayMs: number, timeScale: number) =>
  new Date(now.getTime() + delayMs / Math.max(1, timeScale));

/** Supplier amounts (CNY minor units) in the order currency, rounded up like solution prices. */
export function cnyToOrder(amountMinor: number, currency: string, orderPerCny: string): number {
  return convertMinor(amountMinor, { digits: 2 }, orderPerCny, { digits: minorDigits(currency) });
}

/**
 * The desk's answer applied to the quote made at the request: its change fee, when it gives one,
 * replaces the fare terms' fee quoted then, and its fare movement is added to the price difference
 * (both per passenger, CNY minor units, converted to the order currency); the amount due follows
 * (`changeAmountDue`).
 */
export function requote(
  quote: AfterSalesQuote,
  answer: { changeFee?: number; fareMove: number },
  passengerCount: number,
  orderPerCny: string,
): AfterSalesQuote {
  const c = quote.currency;
  const parts = {
    priceDifferenceMinor:
      quote.priceDifferenceMinor + cnyToOrder(answer.fareMove, c, orderPerCny) * passengerCount,
    taxDifferenceMinor: quote.taxDifferenceMinor,
    changeFeeMinor:
      answer.changeFee === undefined
        ? quote.changeFeeMinor
        : cnyToOrder(answer.changeFee, c, orderPerCny) * passengerCount,
    serviceFeeMinor: quote.serviceFeeMinor,
  };
  return { ...quote, ...parts, amountDueMinor: changeAmountDue(parts) };
}

/** Queues the desk review of a new change order (in the request's transaction). */
export function queueChangeReview(deps: Pick<FlightOrderDeps, 'timeScale'>) {
  return async (tx: Db, order: FlightOrderRow, now: Date) => {
    await enqueueJob(
      tx,
      CHANGE_REVIEW_JOB,
      { orderId: order.id },
      scaled(now, CHANGE_REVIEW_DELAY_MS, deps.timeScale),
    );
  };
}

/**
 * Queues the reissue of a change order now in chg_proceeding, in the caller's transaction: the
 * payment's "on paid" hook (same signature as `queueTicketing`), and the desk review when nothing
 * is due.
 */
export function queueReissue(deps: Pick<FlightOrderDeps, 'timeScale'>) {
  return async (tx: Db, order: FlightOrderRow, now: Date) => {
    await enqueueJob(
      tx,
      CHANGE_REISSUE_JOB,
      { orderId: order.id },
      scaled(now, REISSUE_DELAY_MS, deps.timeScale),
    );
  };
}

const orderIdOf = (payload: Record<string, unknown>) => {
  const id = payload.orderId;
  if (typeof id !== 'string') throw new Error('job without orderId');
  return id;
};

async function readOrder(db: Db, id: string): Promise<FlightOrderRow | undefined> {
  const [row] = await db.select().from(flightOrders).where(eq(flightOrders.id, id)).limit(1);
  return row;
}

/** The change and the order it changes, as the supplier's desk is asked about them. */
async function supplierRequest(db: Db, change: FlightOrderRow): Promise<ChangeRequestToSupplier | undefined> {
  const original = change.originalBookingId ? await readOrder(db, change.originalBookingId) : undefined;
  if (!original) return undefined;
  return {
    pnr: change.pnr ?? original.pnr ?? '',
    offer: original.offer,
    newOffer: change.offer,
    passengers: toSupplierPassengers(change.passengers),
    segmentIndexes: change.afterSales?.selection.segmentIndexes ?? [],
    requestedAt: change.createdAt,
    involuntary: isInvoluntaryChange(change.afterSales?.changeReason ?? 0),
    ...(change.afterSales?.supplierQuote ? { supplierQuote: change.afterSales.supplierQuote } : {}),
  };
}

/**
 * Desk review: asks the supplier's desk (outside any transaction) and, in one transaction, moves
 * a change still in chg_reviewing to chg_rejected (claims released), to chg_to_be_paid with the
 * amount due and a payment deadline (no later than the supplier's own quote lapses), or to
 * chg_proceeding with its reissue queued when nothing is due; the supplier's quote is kept for
 * the reissue. No answer from the desk throws, so the job runner tries again later.
 */
function reviewHandler(deps: FlightOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    const change = await readOrder(db, orderId);
    if (!change || change.type !== 'change' || change.status !== 'chg_reviewing') return;
    const request = await supplierRequest(db, change);
    const supplier = deps.registry.get(change.supplier);
    const quoteChange = supplier?.quoteChange?.bind(supplier);
    let answer: ChangeQuoteAnswer | undefined;
    if (!request || !quoteChange) answer = { status: 'rejected', reason: 'The supplier takes no changes' };
    else answer = await deps.runner.bounded(SUPPLIER_CALL_MS, (signal) => quoteChange(request, signal));
    if (!answer) throw new Error(`change ${change.bookingNumber}: the desk did not answer`);
    const orderPerCny = await rateFromCny(db, change.currency);
    const decided = answer;
    await db.transaction(async (tx) => {
      const current = await lockOrderById(tx, orderId);
      const submitted = current?.afterSales;
      if (!current || current.status !== 'chg_reviewing' || !submitted?.quote) return;
      if (decided.status === 'rejected') {
        await rejectRequest(tx, current, 'chg_rejected', decided.reason, now, { key: 'changeRejected' });
        return;
      }
      const quote = requote(submitted.quote, decided, current.passengers.length, orderPerCny);
      const supplierQuote = supplierQuoteOf(decided);
      const afterSales = { ...submitted, quote, supplierQuote };
      if (quote.amountDueMinor > 0) {
        const deadline = deadlineWithin(
          new Date(Math.min(now.getTime() + PAYMENT_WINDOW_MS, current.departureAt.getTime())),
          supplierQuote,
        );
        const quoted = await transition(
          tx,
          current,
          'chg_to_be_paid',
          now,
          { afterSales, orderTotalMinor: quote.amountDueMinor, paymentDeadline: deadline },
          { key: 'changeApproved' },
        );
        await enqueueJob(tx, CHANGE_PAYMENT_DEADLINE_JOB, { orderId }, deadline);
        await notifyOrderEvent(tx, { kind: 'change.quoted', order: quoted, at: now });
        return;
      }
      const approved = await transition(
        tx,
        current,
        'chg_proceeding',
        now,
        { afterSales, orderTotalMinor: 0 },
        { key: 'changeApprovedNothingToPay' },
      );
      await queueReissue(deps)(tx, approved, now);
    });
  };
}

/** Payment deadline of a change: one still unpaid at its deadline becomes change_canceled, its tickets free again. */
const paymentDeadlineHandler: JobHandler = async (db, job, now) => {
  const orderId = orderIdOf(job.payload);
  await db.transaction(async (tx) => {
    const order = await lockOrderById(tx, orderId);
    if (!order || order.status !== 'chg_to_be_paid' || !order.paymentDeadline) return;
    if (now.getTime() < order.paymentDeadline.getTime()) return;
    const canceled = await transition(
      tx,
      order,
      'change_canceled',
      now,
      {},
      { key: 'paymentDeadlinePassed' },
    );
    await releaseClaims(tx, order.id, now);
    await notifyOrderEvent(tx, { kind: 'change.canceled', order: canceled, at: now });
  });
};

/**
 * Reissue: asks the supplier for the new tickets (outside any transaction), then in one
 * transaction moves the change to `changed` with the new ticket numbers on its passengers (no
 * issue time or void window: a change is not voided); to `change_holding` while the airline holds
 * it (asked again later); or, when the supplier refuses (or never answers, `answerOrRefusal`), to
 * `change_failed`, with what was paid for it back to the wallet and its claims released.
 */
function reissueHandler(deps: FlightOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    const change = await readOrder(db, orderId);
    if (!change || (change.status !== 'chg_proceeding' && change.status !== 'change_holding')) return;
    const request = await supplierRequest(db, change);
    const supplier = deps.registry.get(change.supplier);
    const reissue = supplier?.reissue?.bind(supplier);
    const answer: ReissueAnswer | undefined =
      request && reissue
        ? await answerOrRefusal(job, () =>
            deps.runner.bounded(SUPPLIER_CALL_MS, (signal) => reissue(request, signal)),
          )
        : undefined;
    await db.transaction(async (tx) => {
      const current = await lockOrderById(tx, orderId);
      if (!current || (current.status !== 'chg_proceeding' && current.status !== 'change_holding')) return;
      if (answer?.status === 'reissued' && answer.ticketNumbers.length === current.passengers.length) {
        const passengers = current.passengers.map((p, i) => ({
          ...p,
          ticketNumbers: answer.ticketNumbers[i] ?? [],
        }));
        if (await registerTickets(tx, current.id, passengers)) {
          const changed = await transition(
            tx,
            current,
            'changed',
            now,
            { passengers, ticketNumbers: passengers.flatMap((p) => p.ticketNumbers).join('|') },
            { key: 'ticketsReissued' },
          );
          await notifyOrderEvent(tx, { kind: 'change.completed', order: changed, at: now });
          return;
        }
        // A new number already issued on another order is never stored twice: asked again later.
        retryUnlessLastAttempt(job, current.bookingNumber);
      }
      if (answer?.status === 'pending') {
        if (current.status === 'chg_proceeding') {
          await transition(tx, current, 'change_holding', now, {}, { key: 'reissueHeld' });
        }
        await enqueueJob(
          tx,
          CHANGE_REISSUE_JOB,
          { orderId },
          scaled(now, HOLDING_RECHECK_MS, deps.timeScale),
        );
        return;
      }
      const failed = await transition(tx, current, 'change_failed', now, {}, { key: 'reissueFailed' });
      let moneyTo: Record<string, string> = {};
      if (current.paymentState === 'paid' && current.orderTotalMinor > 0) {
        // The change's own payment goes back where it came from (the card, or the wallet).
        const money = {
          agencyId: current.agencyId,
          currency: current.currency,
          amountMinor: current.orderTotalMinor,
          orderId: current.id,
          kind: 'reimbursement' as const,
          description: `Change failed: flight order ${current.bookingNumber}`,
          reference: current.bookingNumber,
        };
        moneyTo = moneyParams(await returnMoney(tx, money, current.id, 'change_failed', now));
      }
      await releaseClaims(tx, current.id, now);
      await notifyOrderEvent(tx, { kind: 'change.failed', order: failed, at: now, params: moneyTo });
    });
  };
}

/** The change jobs, for the app's job runner. */
export function changeJobHandlers(deps: FlightOrderDeps): Record<string, JobHandler> {
  return {
    [CHANGE_REVIEW_JOB]: reviewHandler(deps),
    [CHANGE_PAYMENT_DEADLINE_JOB]: paymentDeadlineHandler,
    [CHANGE_REISSUE_JOB]: reissueHandler(deps),
  };
}
