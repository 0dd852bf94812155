import { ticketingDeadline } from '@portal/domain/ticketing-tier';
import type { Db } from '../../platform/db';
import { enqueueJob, type JobHandler } from '../../platform/jobs';
import type { TimelineNote } from '@portal/domain/timeline-notes';
import { moneyParams, returnMoney } from './return-money';
import { SUPPLIER_CALL_MS, type FlightOrderDeps } from './flight-orders.context';
import { lockOrderById, transition } from './flight-orders.repo';
import type { FlightOrderRow } from './flight-orders.schema';
import { answerOrRefusal } from './supplier-answer';
import { toSupplierPassengers } from './supplier-passengers';
import { registerTickets, retryUnlessLastAttempt } from './tickets';
import { voidWindowEnd } from './void-window';
import { notifyOrderEvent } from '../notifications/index';
import { ancillariesOf } from './order-ancillaries';

export const TICKETING_JOB = 'flight-ticketing';
export const PAYMENT_DEADLINE_JOB = 'flight-payment-deadline';
export const PNR_CANCEL_JOB = 'flight-pnr-cancel';
/** The simulated suppliers ticket at the tier's deadline, but at most this long after payment. */
export const MAX_TICKETING_DELAY_MS = 2 * 3_600_000;

/** When the ticketing job of an order paid at `paidAt` runs: the tier's delay, scaled by TIME_SCALE. */
export function ticketingRunAt(order: FlightOrderRow, paidAt: Date, timeScale: number): Date {
  const due = ticketingDeadline(order.ticketingTier as never, paidAt, order.departureAt);
  const delay = due ? Math.min(Math.max(0, due.getTime() - paidAt.getTime()), MAX_TICKETING_DELAY_MS) : 0;
  return new Date(paidAt.getTime() + delay / Math.max(1, timeScale));
}

/** Queues the ticketing of a paid order (in the payment's transaction). */
export function queueTicketing(deps: FlightOrderDeps) {
  return async (tx: Db, order: FlightOrderRow, now: Date) => {
    await enqueueJob(tx, TICKETING_JOB, { orderId: order.id }, ticketingRunAt(order, now, deps.timeScale));
  };
}

/** Queues the cancellation of an order not paid by its deadline (in the booking's transaction). */
export async function queuePaymentDeadline(tx: Db, order: FlightOrderRow): Promise<void> {
  if (!order.paymentDeadline) return;
  await enqueueJob(tx, PAYMENT_DEADLINE_JOB, { orderId: order.id }, order.paymentDeadline);
}

/**
 * Queues the cancellation at the supplier of a booking whose order could not be saved, so that no
 * PNR is left holding seats without an order. One statement on `db` (its own short transaction,
 * never the failed one).
 */
export async function queuePnrCancel(db: Db, booking: { supplier: string; pnr: string }, now: Date) {
  await enqueueJob(db, PNR_CANCEL_JOB, { supplier: booking.supplier, pnr: booking.pnr }, now);
}

/**
 * The time zone whose local day bounds the void window: the ticketing office's, taken as the
 * first departure airport's (tickets are sold at the point of origin).
 */
export function ticketingTimeZone(order: FlightOrderRow): string {
  return order.offer.legs[0]?.segments[0]?.departureTimeZone ?? 'UTC';
}

const orderIdOf = (payload: Record<string, unknown>) => {
  const id = payload.orderId;
  if (typeof id !== 'string') throw new Error('job without orderId');
  return id;
};

/**
 * Ticketing: asks the supplier for ticket numbers (outside any transaction), then in one
 * transaction moves the order to `issued` with them; the supplier's refusal moves it through
 * failed -> failed_reimbursing -> failed_reimbursed with the money back to the wallet. No answer
 * (a timeout) is asked again by the job's retries before it counts as a refusal
 * (`answerOrRefusal`): the tickets may have been issued. Ticket numbers the database already holds
 * (`registerTickets`) are asked again too, and count as a refusal on the last attempt.
 */
function ticketingHandler(deps: FlightOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = orderIdOf(job.payload);
    const order = await db.transaction((tx) => lockOrderById(tx, orderId));
    if (!order || order.status !== 'proceeding' || !order.pnr) return;
    const supplier = deps.registry.get(order.supplier);
    const pnr = order.pnr;
    const answer = supplier
      ? await answerOrRefusal(job, () =>
          deps.runner.bounded(SUPPLIER_CALL_MS, (signal) =>
            supplier.ticket(order.offer, pnr, toSupplierPassengers(order.passengers), signal),
          ),
        )
      : undefined;
    await db.transaction(async (tx) => {
      const current = await lockOrderById(tx, orderId);
      if (!current || current.status !== 'proceeding') return;
      if (answer && answer.ticketNumbers.length === current.passengers.length) {
        const passengers = current.passengers.map((p, i) => ({
          ...p,
          ticketNumbers: answer.ticketNumbers[i] ?? [],
        }));
        if (await registerTickets(tx, current.id, passengers)) {
          const issued = await transition(
            tx,
            current,
            'issued',
            now,
            {
              passengers,
              ticketNumbers: passengers.flatMap((p) => p.ticketNumbers).join('|'),
              issuedAt: now,
              voidDeadline: voidWindowEnd(now, ticketingTimeZone(current)),
            },
            { key: 'ticketsIssued' },
          );
          const ancillaries = await ancillariesOf(tx, [issued.id]);
          await notifyOrderEvent(tx, { kind: 'order.issued', order: { ...issued, ancillaries }, at: now });
          return;
        }
        // A number already issued on another order is never stored twice: asked again later.
        retryUnlessLastAttempt(job, current.bookingNumber);
      }
      const failed = await transition(tx, current, 'failed', now, {}, { key: 'ticketingFailed' });
      const reimbursing = await transition(tx, failed, 'failed_reimbursing', now);
      let returned: TimelineNote = { key: 'moneyReturned' };
      let moneyTo: Record<string, string> = {};
      if (current.paymentState === 'paid' && current.orderTotalMinor > 0) {
        const money = {
          agencyId: current.agencyId,
          currency: current.currency,
          amountMinor: current.orderTotalMinor,
          orderId: current.id,
          kind: 'reimbursement' as const,
          description: `Ticketing failed: flight order ${current.bookingNumber}`,
          reference: current.bookingNumber,
        };
        // Paid by card: back to the card; from the balance: back to the wallet.
        returned = await returnMoney(tx, money, current.id, 'ticketing_failed', now);
        moneyTo = moneyParams(returned);
      }
      const done = await transition(tx, reimbursing, 'failed_reimbursed', now, {}, returned);
      await notifyOrderEvent(tx, { kind: 'order.ticketing_failed', order: done, at: now, params: moneyTo });
    });
  };
}

/** Payment deadline: an order still unpaid at its deadline becomes `origin_canceled`, and the booker is told. */
const paymentDeadlineHandler: JobHandler = async (db, job, now) => {
  const orderId = orderIdOf(job.payload);
  await db.transaction(async (tx) => {
    const order = await lockOrderById(tx, orderId);
    if (!order || order.status !== 'to_be_paid' || !order.paymentDeadline) return;
    if (now.getTime() < order.paymentDeadline.getTime()) return;
    const canceled = await transition(
      tx,
      order,
      'origin_canceled',
      now,
      {},
      { key: 'paymentDeadlinePassed' },
    );
    await notifyOrderEvent(tx, { kind: 'order.canceled', order: canceled, at: now });
  });
};

/** Cancels an unsaved booking at its supplier (no transaction); a failure is retried by the runner. */
function pnrCancelHandler(deps: FlightOrderDeps): JobHandler {
  return async (_db, job) => {
    const { supplier: name, pnr } = job.payload;
    if (typeof name !== 'string' || typeof pnr !== 'string') throw new Error('job without supplier or pnr');
    const supplier = deps.registry.get(name);
    if (!supplier) throw new Error(`no supplier ${name}`);
    const canceled = await deps.runner.bounded(SUPPLIER_CALL_MS, async (signal) => {
      await supplier.cancel(pnr, signal);
      return true;
    });
    if (!canceled) throw new Error(`${name}: cancelling ${pnr} timed out`);
  };
}

export function orderJobHandlers(deps: FlightOrderDeps): Record<string, JobHandler> {
  return {
    [TICKETING_JOB]: ticketingHandler(deps),
    [PAYMENT_DEADLINE_JOB]: paymentDeadlineHandler,
    [PNR_CANCEL_JOB]: pnrCancelHandler(deps),
  };
}
