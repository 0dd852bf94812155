import type { TimelineNote } from '@portal/domain/timeline-notes';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { money, purchaseReturnLedgerOrderId } from '../../wallet/index';
import { findOrder } from '../flight-orders.repo';
import { flightOrders, type FlightOrderRow } from '../flight-orders.schema';
import { ancillariesOf, coveredBy, setAncillaryStatus } from '../order-ancillaries';
import type { AncillaryRow } from '../order-ancillaries.schema';
import { returnMoney } from '../return-money';

/**
 * How a refund or void enters the money it returns (its ledger entry kind and words) and what its
 * seats and bags become; `creditBack` uses the same for the fare.
 */
export const RETURNS = {
  refund: { entry: 'refund-flight', label: 'Refund', line: 'refunded' },
  void: { entry: 'void-flight', label: 'Void', line: 'voided' },
} as const;

export type CreditKind = keyof typeof RETURNS;

/**
 * Seats and bags bought after issue (`lines`, just moved to refunded or voided by the refund or
 * void order `creditor`) go back with it, in the caller's transaction: per purchase order, the
 * price of its lines returned the way that purchase was paid (its card through the provider, else
 * the wallet), no fee (docs/ancillaries.md), under the ledger order id
 * `purchaseReturnLedgerOrderId(creditor, purchase)` so each refund returns each purchase once.
 * Lines bought with the booking are skipped: the fare's credit carried them. Answers the timeline
 * note of what went back, or null when nothing did.
 */
export async function returnPurchasedLines(
  tx: Db,
  creditor: FlightOrderRow,
  lines: readonly AncillaryRow[],
  type: CreditKind,
  now: Date,
): Promise<TimelineNote | null> {
  const byPurchase = new Map<string, AncillaryRow[]>();
  for (const line of lines) {
    if (!line.purchaseOrderId) continue;
    byPurchase.set(line.purchaseOrderId, [...(byPurchase.get(line.purchaseOrderId) ?? []), line]);
  }
  const { entry, label } = RETURNS[type];
  const returned: { bookingNumber: string; minor: number; currency: string }[] = [];
  for (const [purchaseId, bought] of byPurchase) {
    const purchase = await findOrder(tx, creditor.agencyId, purchaseId);
    const amountMinor = bought.reduce((sum, l) => sum + l.priceMinor, 0);
    if (!purchase || purchase.paymentState !== 'paid' || amountMinor <= 0) continue;
    const back = {
      agencyId: purchase.agencyId,
      currency: purchase.currency,
      amountMinor,
      orderId: purchaseReturnLedgerOrderId(creditor.id, purchase.id),
      kind: entry,
      description: `${label}: seats and bags of flight order ${purchase.bookingNumber}`,
      reference: creditor.bookingNumber,
      unwinds: purchase.id,
    };
    await returnMoney(tx, back, purchase.id, type, now);
    returned.push({ bookingNumber: purchase.bookingNumber, minor: amountMinor, currency: purchase.currency });
  }
  if (returned.length === 0) return null;
  const currency = returned[0]?.currency ?? creditor.currency;
  const minor = returned.reduce((sum, r) => sum + r.minor, 0);
  return {
    key: 'purchasedExtrasReturned',
    params: {
      amount: money(minor, currency).amount,
      currency,
      bookingNumbers: returned.map((r) => r.bookingNumber).join(', '),
    },
  };
}

/**
 * A purchase confirmed after a refund or void of its tickets was already credited (the agent
 * refunded while the supplier was still adding the seats): its lines those after-sales orders cover
 * are returned at once, as `creditBack` would have. Answers the notes of what went back.
 */
export async function returnLinesAlreadyCredited(
  tx: Db,
  purchase: FlightOrderRow,
  now: Date,
): Promise<TimelineNote[]> {
  if (!purchase.originalBookingId) return [];
  const original = await findOrder(tx, purchase.agencyId, purchase.originalBookingId);
  if (!original) return [];
  const credited = await tx
    .select()
    .from(flightOrders)
    .where(
      and(
        eq(flightOrders.originalBookingId, original.id),
        inArray(flightOrders.status, ['refunded_reimbursed', 'voided_reimbursed']),
      ),
    );
  const notes: TimelineNote[] = [];
  for (const creditor of credited) {
    const selection = creditor.afterSales?.selection;
    const type: CreditKind = creditor.type === 'void' ? 'void' : 'refund';
    if (!selection) continue;
    const lines = (await ancillariesOf(tx, [original.id])).filter(
      (l) => l.purchaseOrderId === purchase.id && l.status === 'booked' && coveredBy(l, selection, original),
    );
    if (lines.length === 0) continue;
    const moved = await setAncillaryStatus(tx, { ids: lines.map((l) => l.id) }, 'booked', RETURNS[type].line);
    const note = await returnPurchasedLines(tx, creditor, moved, type, now);
    if (note) notes.push(note);
  }
  return notes;
}
