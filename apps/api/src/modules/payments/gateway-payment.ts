import { and, eq, gt } from 'drizzle-orm';
import type { PaymentPending, PaymentStatusView } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { postEntry } from '../wallet/ledger';
import { ensureAccounts } from '../wallet/ledger.repo';
import { lockOrderById, transition } from '../flight-orders/flight-orders.repo';
import { orderPayments, type OrderPaymentRow } from './payments.schema';
import {
  GATEWAY_PAYMENT_TTL_MS,
  NOTIFICATION_MAX_AGE_MS,
  type GatewayNotification,
  type PaymentGateway,
} from './gateway';
import { findLateCapture, recordLateCapture } from './late-captures';
import type { LateCaptureRow } from './late-captures.schema';
import { lockPayable, type OnPaid } from './pay-order';

function pending(gateway: PaymentGateway, row: OrderPaymentRow): PaymentPending {
  return {
    status: 'pending',
    paymentId: row.id,
    redirectUrl: gateway.checkoutUrl(row.id),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Starts (or resumes) an outside-channel payment of a payable order: a pending payment that
 * expires after 15 minutes, never after the order's deadline. The order changes only when the
 * gateway's signed notification says it was paid.
 */
export async function startGatewayPayment(
  tx: Db,
  ctx: RequestContext,
  id: string,
  gateway: PaymentGateway,
  returnUrl: string | undefined,
  now: Date,
): Promise<PaymentPending> {
  const { channel } = gateway;
  const order = await lockPayable(tx, ctx, id, now);
  const [open] = await tx
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, order.id),
        eq(orderPayments.channel, channel),
        eq(orderPayments.status, 'pending'),
        gt(orderPayments.expiresAt, now),
      ),
    )
    .limit(1);
  if (open) return pending(gateway, open);
  const expiresAt = new Date(
    Math.min(now.getTime() + GATEWAY_PAYMENT_TTL_MS, order.paymentDeadline?.getTime() ?? Infinity),
  );
  const [created] = await tx
    .insert(orderPayments)
    .values({
      orderId: order.id,
      agencyId: order.agencyId,
      userId: ctx.user.id,
      channel,
      amountMinor: order.orderTotalMinor,
      currency: order.currency,
      status: 'pending',
      returnUrl: returnUrl ?? null,
      expiresAt,
      createdAt: now,
    })
    .returning();
  if (!created) throw new Error('payment not created');
  return pending(gateway, created);
}

/** What a notification did: `late` is a capture the order could not take, to refund now. */
export type NotifyOutcome =
  { result: 'paid' | 'duplicate' | 'failed' | 'ignored' } | { result: 'late'; capture: LateCaptureRow };

/**
 * A gateway's asynchronous notification: refused unless signed with the gateway's secret and
 * fresh (401 PAYMENT_SIGNATURE_INVALID, nothing changed), and unless its amount is the payment's
 * (422). A paid notification of a pending, unexpired payment whose order is `to_be_paid` posts
 * the ledger entry (platform receivable -> supplier payable), moves the order to `proceeding`
 * and queues ticketing, all in one transaction. A paid notification the order cannot take (paid
 * by balance or canceled meanwhile, payment expired or closed) is a late capture: recorded for a
 * refund through the gateway (`late`), which the caller makes after this transaction. A repeated
 * notification answers `duplicate` and changes nothing, so a capture is refunded once.
 */
export async function handleNotification(
  tx: Db,
  gateway: PaymentGateway,
  n: GatewayNotification,
  now: Date,
  onPaid: OnPaid,
): Promise<NotifyOutcome> {
  const { channel } = gateway;
  if (!gateway.verify(n)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
  const age = now.getTime() - n.timestamp;
  if (age > NOTIFICATION_MAX_AGE_MS || age < -NOTIFICATION_MAX_AGE_MS) {
    throw new AppError('PAYMENT_SIGNATURE_INVALID');
  }
  const [payment] = await tx
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.id, n.paymentId), eq(orderPayments.channel, channel)))
    .limit(1)
    .for('update');
  if (!payment) throw new AppError('NOT_FOUND');
  if (n.amountMinor !== payment.amountMinor || n.currency !== payment.currency) {
    throw new AppError('PAYMENT_UNPROCESSABLE');
  }
  if (await findLateCapture(tx, channel, n.tradeNo)) return { result: 'duplicate' };
  const late = async (reason: Parameters<typeof recordLateCapture>[3], orderStatus: string) => {
    const capture = await recordLateCapture(tx, payment, n, reason, orderStatus, now);
    return capture ? { result: 'late' as const, capture } : { result: 'duplicate' as const };
  };
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
    const order = await lockOrderById(tx, payment.orderId);
    return late('payment_closed', order?.status ?? 'unknown');
  }
  if (n.status === 'failed') {
    await finish('failed');
    return { result: 'failed' };
  }
  const order = await lockOrderById(tx, payment.orderId);
  if (now.getTime() > payment.expiresAt.getTime()) {
    await finish('expired');
    return late('payment_expired', order?.status ?? 'unknown');
  }
  if (!order || order.status !== 'to_be_paid') {
    await finish('rejected');
    return late('order_not_payable', order?.status ?? 'unknown');
  }
  const accounts = await ensureAccounts(tx, order.agencyId, order.currency);
  await postEntry(tx, {
    agencyId: order.agencyId,
    kind: 'origin-flight',
    orderId: order.id,
    reference: n.tradeNo,
    description: `Flight order ${order.bookingNumber} (${channel})`,
    createdBy: payment.userId,
    meta: { paymentMethod: channel },
    postings: [
      {
        accountId: accounts.platform_receivable,
        amountMinor: -payment.amountMinor,
        currency: order.currency,
      },
      { accountId: accounts.supplier_payable, amountMinor: payment.amountMinor, currency: order.currency },
    ],
  });
  const paid = await transition(
    tx,
    order,
    'proceeding',
    now,
    { paymentState: 'paid', paymentChannel: channel, paidAt: now },
    `paid with ${channel}`,
  );
  await finish('paid');
  await onPaid(tx, paid, now);
  return { result: 'paid' };
}

/** The state of a payment for the paying user's polling: expired once past `expiresAt`. */
export async function paymentState(
  db: Db,
  ctx: RequestContext,
  paymentId: string,
  now: Date,
): Promise<PaymentStatusView> {
  const [row] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.agencyId, ctx.agency.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const status = row.status === 'pending' && now.getTime() > row.expiresAt.getTime() ? 'expired' : row.status;
  return { paymentId: row.id, status, expiresAt: row.expiresAt.toISOString(), orderId: row.orderId };
}

/** The payment behind a simulated checkout page (which checks the page's token itself). */
export async function findPayment(db: Db, paymentId: string): Promise<OrderPaymentRow | undefined> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  return row;
}
