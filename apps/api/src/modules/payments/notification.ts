import { and, eq } from 'drizzle-orm';
import { isCurrency } from '@portal/domain/currency';
import type { PaymentChannel } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { GatewayNotification } from '@portal/domain/api/payments';
import { NOTIFICATION_MAX_AGE_MS, type PaymentGateway } from './gateway';
import { postCapture } from '../wallet/index';
import { targetOf } from './gateway-payment';
import { findLateCapture, recordLateCapture } from './late-captures';
import type { LateCaptureRow } from './late-captures.schema';
import type { PayableRegistry } from './payable';
import { orderPayments, type OrderPaymentRow } from './payments.schema';

/** What a notification did: `late` is a capture the order could not take, to refund now. */
export type NotifyOutcome =
  { result: 'paid' | 'duplicate' | 'failed' | 'ignored' } | { result: 'late'; capture: LateCaptureRow };

/** What settling a capture did: the order took the money, or could not (with its status then). */
type CaptureOutcome = { paid: true } | { paid: false; orderStatus: string };

/**
 * Takes the money of `payment` (pending, unexpired, its amount checked against the notification)
 * for its order, through the order kind's registered payable: the order locked and checked (the
 * kind's rules for a capture), its amount and currency the payment's, then the capture's ledger
 * entry (platform receivable -> markups and supplier payable, by the kind's posting recipe) and
 * the kind's move on; or answers that the order cannot take it.
 */
async function settleCapture(
  tx: Db,
  payables: PayableRegistry,
  payment: OrderPaymentRow,
  tradeNo: string,
  now: Date,
): Promise<CaptureOutcome> {
  const target = targetOf(payment);
  const capturable = payables.get(target.kind);
  if (!capturable) return { paid: false, orderStatus: 'unknown' };
  const { due, orderStatus } = await capturable.checkCapture(tx, target, now);
  if (!due || due.amountMinor !== payment.amountMinor || due.currency !== payment.currency) {
    return { paid: false, orderStatus };
  }
  const channel = payment.channel as PaymentChannel;
  const entryId = await postCapture(tx, {
    agencyId: due.agencyId,
    currency: due.currency,
    amountMinor: payment.amountMinor,
    kind: due.posting.kind,
    orderId: due.posting.ledgerOrderId,
    tradeNo,
    description: due.posting.description,
    createdBy: payment.userId,
    channel,
    markupLegs: due.posting.markupLegs,
  });
  await due.paid(tx, { channel, reference: tradeNo, ledgerEntryId: entryId }, now);
  return { paid: true };
}

/**
 * A gateway's asynchronous notification: refused unless signed with the gateway's secret and
 * fresh (401 PAYMENT_SIGNATURE_INVALID, nothing changed). A paid notification of another amount or
 * currency than the payment's is a late capture (`amount_mismatch`) and leaves the payment open. A
 * paid notification of a pending, unexpired payment is settled through its order kind's payable
 * (a flight order or change, a group order's instalment) in this one transaction. A paid
 * notification the order cannot take (paid by balance or canceled meanwhile, payment expired or
 * closed) is a late capture: recorded for a refund through the gateway (`late`), which the caller
 * makes after this transaction. A repeated notification answers `duplicate` and changes nothing,
 * so a capture is refunded once.
 */
export async function handleNotification(
  tx: Db,
  gateway: PaymentGateway,
  n: GatewayNotification,
  now: Date,
  payables: PayableRegistry,
): Promise<NotifyOutcome> {
  if (!gateway.verifyNotification(n)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
  const age = now.getTime() - n.timestamp;
  if (age > NOTIFICATION_MAX_AGE_MS || age < -NOTIFICATION_MAX_AGE_MS) {
    throw new AppError('PAYMENT_SIGNATURE_INVALID');
  }
  return settleNotification(tx, gateway.channel, n, now, payables);
}

/**
 * What a notification of `channel` does once its provider's signature was checked (by
 * `handleNotification`, or by a provider's own webhook route with its own scheme, such as
 * Stripe's): the rules of `handleNotification` after the signature, in the caller's transaction.
 */
export async function settleNotification(
  tx: Db,
  channel: string,
  n: Omit<GatewayNotification, 'signature'>,
  now: Date,
  payables: PayableRegistry,
): Promise<NotifyOutcome> {
  const [payment] = await tx
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.id, n.paymentId), eq(orderPayments.channel, channel)))
    .limit(1)
    .for('update');
  if (!payment) throw new AppError('NOT_FOUND');
  if (await findLateCapture(tx, channel, n.tradeNo)) return { result: 'duplicate' };
  const late = async (reason: Parameters<typeof recordLateCapture>[3], orderStatus: string) => {
    const capture = await recordLateCapture(tx, payment, n, reason, orderStatus, now);
    return capture ? { result: 'late' as const, capture } : { result: 'duplicate' as const };
  };
  const orderStatus = async () => {
    const target = targetOf(payment);
    return (await payables.get(target.kind)?.orderStatus(tx, target)) ?? 'unknown';
  };

  if (n.amountMinor !== payment.amountMinor || n.currency !== payment.currency) {
    // Another amount or currency than asked: the payment stays as it was (still open to the right
    // capture) and money taken is refunded. A capture the payment holds already, or money in a
    // currency the portal does not keep, is not refunded here: 422, for the gateway to resolve.
    if (n.status === 'failed') return { result: 'ignored' };
    if (payment.tradeNo === n.tradeNo || !isCurrency(n.currency)) throw new AppError('PAYMENT_UNPROCESSABLE');
    return late('amount_mismatch', await orderStatus());
  }
  const finish = (status: OrderPaymentRow['status']) =>
    tx
      .update(orderPayments)
      .set({ status, tradeNo: n.tradeNo, completedAt: now })
      .where(eq(orderPayments.id, payment.id));

  if (payment.status !== 'pending') {
    const same = payment.tradeNo === n.tradeNo;
    if (same && (payment.status === 'paid' || n.status === 'failed')) return { result: 'duplicate' };
    if (n.status === 'failed') return { result: 'ignored' };
    // Money taken after the payment closed (failed, expired, or paid by another capture).
    return late('payment_closed', await orderStatus());
  }
  if (n.status === 'failed') {
    await finish('failed');
    return { result: 'failed' };
  }
  if (now.getTime() > payment.expiresAt.getTime()) {
    const status = await orderStatus();
    await finish('expired');
    return late('payment_expired', status);
  }
  const settled = await settleCapture(tx, payables, payment, n.tradeNo, now);
  if (!settled.paid) {
    await finish('rejected');
    return late('order_not_payable', settled.orderStatus);
  }
  await finish('paid');
  return { result: 'paid' };
}
