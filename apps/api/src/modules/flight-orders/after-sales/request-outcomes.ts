import type { TimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../../../platform/db';
import { findOrder, transition } from '../flight-orders.repo';
import { settleAncillaries } from '../order-ancillaries';
import type { FlightOrderRow } from '../flight-orders.schema';
import { notifyOrderEvent } from '../../notifications/index';
import { moneyParams, paidChainOf, returnMoney } from '../return-money';
import { releaseClaims } from './claims';
import { RETURNS, returnPurchasedLines } from './purchase-returns';

const REJECTED = {
  chg_rejected: 'change.rejected',
  rfd_rejected: 'refund.rejected',
  void_rejected: 'void.rejected',
} as const;

/**
 * The supplier's desk refused a change, refund or void: the order ends in its rejected status with
 * the desk's reason, its tickets are free again, and the agency is told, in the caller's
 * transaction. The timeline shows the desk's own words unless a note is given.
 */
export async function rejectRequest(
  tx: Db,
  order: FlightOrderRow,
  to: keyof typeof REJECTED,
  reason: string,
  now: Date,
  note: TimelineNote = { supplierText: reason },
): Promise<FlightOrderRow> {
  if (!order.afterSales) throw new Error(`order ${order.id} is not an after-sales request`);
  const rejected = await transition(
    tx,
    order,
    to,
    now,
    { afterSales: { ...order.afterSales, rejectReason: reason } },
    note,
  );
  await releaseClaims(tx, order.id, now);
  await notifyOrderEvent(tx, { kind: REJECTED[to], order: rejected, at: now, params: { reason } });
  return rejected;
}

const FAILED = {
  refund_failed: { kind: 'refund.failed', note: 'refundFailed' },
  void_failed: { kind: 'void.failed', note: 'voidFailed' },
} as const;

/** The supplier could not refund or void: the order ends failed, its tickets are free again, the agency is told. */
export async function failRequest(
  tx: Db,
  order: FlightOrderRow,
  to: keyof typeof FAILED,
  now: Date,
): Promise<FlightOrderRow> {
  const { kind, note } = FAILED[to];
  const failed = await transition(tx, order, to, now, {}, { key: note });
  await releaseClaims(tx, order.id, now);
  await notifyOrderEvent(tx, { kind, order: failed, at: now });
  return failed;
}

const CREDITED = {
  refund: {
    steps: ['refunded', 'refunded_reimbursing', 'refunded_reimbursed'],
    note: 'refundedBySupplier',
    ...RETURNS.refund,
    kind: 'refund.completed',
  },
  void: {
    steps: ['voided', 'voided_reimbursing', 'voided_reimbursed'],
    note: 'voidedBySupplier',
    ...RETURNS.void,
    kind: 'void.completed',
  },
} as const;

/**
 * The supplier refunded or voided the tickets: the order moves done -> reimbursing -> reimbursed
 * with its quoted refundable total credited (to the card that paid, else the wallet; no entry when
 * it is 0), the seats and bags of the covered tickets settled, those bought after issue returned
 * the way their purchase was paid (`returnPurchasedLines`), and the agency told, in the caller's
 * transaction.
 */
export async function creditBack(
  tx: Db,
  order: FlightOrderRow,
  type: keyof typeof CREDITED,
  now: Date,
): Promise<FlightOrderRow> {
  const { steps, note, entry, label, line, kind } = CREDITED[type];
  const [done, reimbursing, reimbursed] = steps;
  const settled = await transition(tx, order, done, now, {}, { key: note });
  const original = order.originalBookingId
    ? await findOrder(tx, order.agencyId, order.originalBookingId)
    : undefined;
  const lines = await settleAncillaries(tx, order, original, line);
  const extras = await returnPurchasedLines(tx, order, lines, type, now);
  const crediting = await transition(tx, settled, reimbursing, now, {}, extras);
  const amount = order.afterSales?.quote?.refundableTotalMinor ?? 0;
  let returned: TimelineNote = { key: 'moneyReturned' };
  let moneyTo: Record<string, string> = {};
  if (amount > 0) {
    const money = {
      agencyId: order.agencyId,
      currency: order.currency,
      amountMinor: amount,
      orderId: order.id,
      kind: entry,
      description: `${label}: flight order ${order.bookingNumber}`,
      reference: order.bookingNumber,
      // The ancestors' markups on the original order come back in proportion.
      ...(order.originalBookingId ? { unwinds: order.originalBookingId } : {}),
    };
    // The original order paid by card: the refundable part goes back to that card (in part).
    returned = await returnMoney(tx, money, await paidChainOf(tx, order), type, now);
    moneyTo = moneyParams(returned);
  }
  const credited = await transition(tx, crediting, reimbursed, now, {}, returned);
  await notifyOrderEvent(tx, { kind, order: credited, at: now, params: moneyTo });
  return credited;
}
