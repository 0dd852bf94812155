import type { AncillarySelection } from '@portal/domain/ancillaries';
import type { TimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../../../platform/db';
import type { JobHandler } from '../../../platform/jobs';
import { notifyOrderEvent } from '../../notifications/index';
import { SUPPLIER_CALL_MS, type FlightOrderDeps } from '../flight-orders.context';
import { lockOrderById, transition } from '../flight-orders.repo';
import type { FlightOrderRow } from '../flight-orders.schema';
import { ancillariesOf, purchaseLines, setAncillaryStatus } from '../order-ancillaries';
import type { AncillaryRow } from '../order-ancillaries.schema';
import { moneyParams, returnMoney } from '../return-money';
import { answerOrRefusal } from '../supplier-answer';
import { ANCILLARY_CONFIRM_JOB } from './ancillary-purchase';
import { returnLinesAlreadyCredited } from './purchase-returns';

/** The supplier's request of a purchase's pending lines, passenger by passenger. */
function selectionsOf(lines: readonly AncillaryRow[]): AncillarySelection[] {
  const byPassenger = new Map<number, AncillarySelection>();
  for (const l of lines) {
    const sel = byPassenger.get(l.passengerIndex) ?? {
      passengerIndex: l.passengerIndex,
      seats: [],
      bags: [],
    };
    if (l.kind === 'seat')
      sel.seats.push({ segmentIndex: l.segmentIndexes[0] ?? 0, designator: l.designator ?? '' });
    else sel.bags.push({ serviceId: l.serviceId ?? '', quantity: l.quantity });
    byPassenger.set(l.passengerIndex, sel);
  }
  return [...byPassenger.values()];
}

/**
 * Tells the agency how a purchase ended, as every after-sales outcome is told: the e-mail lists the
 * purchase's own lines (booked, or refused) with their prices, the supplier's reason if any, and
 * where a refused purchase's money went (`moneyParams`).
 */
async function notifyPurchase(
  tx: Db,
  kind: 'ancillary.confirmed' | 'ancillary.refused',
  purchase: FlightOrderRow,
  now: Date,
  params: Record<string, string> = {},
): Promise<void> {
  const ancillaries = await purchaseLines(tx, purchase.id);
  await notifyOrderEvent(tx, { kind, order: { ...purchase, ancillaries }, at: now, params });
}

/**
 * A paid purchase: the supplier adds the seats and bags (outside any transaction; no answer is
 * asked again by the job's retries, `answerOrRefusal`), then in one transaction the purchase is
 * `issued` with its lines booked (a new seat replaces the passenger's earlier one on its segment;
 * lines of tickets refunded or voided meanwhile are returned at once), or refused: failed ->
 * failed_reimbursing -> failed_reimbursed with the money back to the card that paid it, else to
 * the wallet. Either way the agency is told (`notifyPurchase`).
 */
function confirmHandler(deps: FlightOrderDeps): JobHandler {
  return async (db, job, now) => {
    const orderId = job.payload.orderId;
    if (typeof orderId !== 'string') throw new Error('job without orderId');
    const order = await db.transaction((tx) => lockOrderById(tx, orderId));
    if (!order || order.type !== 'ancillary' || order.status !== 'proceeding' || !order.pnr) return;
    const pnr = order.pnr;
    const lines = (await purchaseLines(db, order.id)).filter((l) => l.status === 'pending');
    const supplier = deps.registry.get(order.supplier);
    const answer = supplier?.addAncillaries
      ? await answerOrRefusal(job, () =>
          deps.runner.bounded(SUPPLIER_CALL_MS, async (signal) =>
            supplier.addAncillaries?.(
              order.offer,
              { requestId: order.id, pnr, selections: selectionsOf(lines) },
              signal,
            ),
          ),
        )
      : undefined;
    await db.transaction(async (tx) => {
      const current = await lockOrderById(tx, orderId);
      if (!current || current.status !== 'proceeding' || !current.originalBookingId) return;
      if (answer?.status === 'added') {
        const seats = new Set(
          lines.filter((l) => l.kind === 'seat').map((l) => `${l.passengerIndex}|${l.segmentIndexes[0]}`),
        );
        const replaced = (await ancillariesOf(tx, [current.originalBookingId])).filter(
          (l) =>
            l.kind === 'seat' &&
            l.status === 'booked' &&
            seats.has(`${l.passengerIndex}|${l.segmentIndexes[0]}`),
        );
        if (replaced.length > 0)
          await setAncillaryStatus(tx, { ids: replaced.map((l) => l.id) }, 'booked', 'replaced');
        await setAncillaryStatus(tx, { purchaseOrderId: current.id }, 'pending', 'booked');
        // Tickets refunded or voided while the supplier was adding: their seats and bags go back now.
        const [returned] = await returnLinesAlreadyCredited(tx, current, now);
        const issued = await transition(tx, current, 'issued', now, {}, returned ?? null);
        await notifyPurchase(tx, 'ancillary.confirmed', issued, now);
        return;
      }
      await setAncillaryStatus(tx, { purchaseOrderId: current.id }, 'pending', 'failed');
      const failed = await transition(tx, current, 'failed', now);
      const reimbursing = await transition(tx, failed, 'failed_reimbursing', now);
      let returned: TimelineNote = { key: 'moneyReturned' };
      let moneyTo: Record<string, string> = {};
      if (current.paymentState === 'paid' && current.orderTotalMinor > 0) {
        // Paid by card: back to that card; else to the wallet.
        const money = {
          agencyId: current.agencyId,
          currency: current.currency,
          amountMinor: current.orderTotalMinor,
          orderId: current.id,
          kind: 'reimbursement' as const,
          description: `Seats and bags refused: flight order ${current.bookingNumber}`,
          reference: current.bookingNumber,
        };
        returned = await returnMoney(tx, money, current.id, 'purchase_failed', now);
        moneyTo = moneyParams(returned);
      }
      const reimbursed = await transition(tx, reimbursing, 'failed_reimbursed', now, {}, returned);
      const reason = answer?.status === 'rejected' ? answer.reason : undefined;
      await notifyPurchase(tx, 'ancillary.refused', reimbursed, now, {
        ...moneyTo,
        ...(reason ? { reason } : {}),
      });
    });
  };
}

/** The purchase jobs, for `jobHandlers` in `app.ts`. */
export function ancillaryJobHandlers(deps: FlightOrderDeps): Record<string, JobHandler> {
  return { [ANCILLARY_CONFIRM_JOB]: confirmHandler(deps) };
}
