import type { TimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../../platform/db';
import { transition } from '../flight-orders/flight-orders.repo';
import type { FlightOrderRow } from '../flight-orders/flight-orders.schema';
import { notifyOrderEvent } from '../notifications/notify';
import { releaseClaims } from './claims';

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
