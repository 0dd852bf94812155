import { and, eq, gt } from 'drizzle-orm';
import type { PaymentPending } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { postEntry } from '../wallet/ledger';
import { ensureAccounts } from '../wallet/ledger.repo';
import { lockOrderById, transition } from './flight-orders.repo';
import { orderPayments, type OrderPaymentRow } from './flight-orders.schema';
import {
  GATEWAY_PAYMENT_TTL_MS,
  NOTIFICATION_MAX_AGE_MS,
  verifySignature,
  type GatewayChannel,
  type GatewayNotification,
} from './gateway';
import { lockPayable, type OnPaid } from './pay-order';

/** The simulated gateway's hosted checkout page of a payment. */
export const checkoutUrl = (channel: string, paymentId: string) =>
  `/order/v2/payments/sim/${channel}/${paymentId}`;

function pending(row: OrderPaymentRow): PaymentPending {
  return {
    status: 'pending',
    paymentId: row.id,
    redirectUrl: checkoutUrl(row.channel, row.id),
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
  channel: GatewayChannel,
  returnUrl: string | undefined,
  now: Date,
): Promise<PaymentPending> {
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
  if (open) return pending(open);
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
  return pending(created);
}

export type NotifyResult = 'paid' | 'duplicate' | 'expired' | 'failed' | 'rejected' | 'ignored';

/**
 * A gateway's asynchronous notification: refused unless signed with the gateway secret and fresh
 * (401 PAYMENT_SIGNATURE_INVALID, nothing changed). A paid notification of a pending, unexpired
 * payment posts the ledger entry (platform receivable -> supplier payable), moves the order to
 * `proceeding` and queues ticketing, all in one transaction. A replay of a processed
 * notification answers `duplicate` and changes nothing; one past the payment's expiry marks the
 * payment expired and leaves the order as it is.
 */
export async function handleNotification(
  tx: Db,
  channel: GatewayChannel,
  n: GatewayNotification,
  secret: string,
  now: Date,
  onPaid: OnPaid,
): Promise<NotifyResult> {
  if (!verifySignature(secret, channel, n)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
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
  if (payment.status !== 'pending') {
    return payment.tradeNo === n.tradeNo ? 'duplicate' : 'ignored';
  }
  if (n.amountMinor !== payment.amountMinor || n.currency !== payment.currency) {
    throw new AppError('PAYMENT_UNPROCESSABLE');
  }
  const finish = (status: OrderPaymentRow['status']) =>
    tx
      .update(orderPayments)
      .set({ status, tradeNo: n.tradeNo, completedAt: now })
      .where(eq(orderPayments.id, payment.id));
  if (n.status === 'failed') {
    await finish('failed');
    return 'failed';
  }
  if (now.getTime() > payment.expiresAt.getTime()) {
    await finish('expired');
    return 'expired';
  }
  const order = await lockOrderById(tx, payment.orderId);
  if (!order || order.status !== 'to_be_paid') {
    await finish('rejected');
    return 'rejected';
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
  return 'paid';
}

/** The state of a payment for the paying user's polling: expired once past `expiresAt`. */
export async function paymentState(
  db: Db,
  ctx: RequestContext,
  paymentId: string,
  now: Date,
): Promise<{ paymentId: string; status: string; expiresAt: string; orderId: string }> {
  const [row] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.id, paymentId), eq(orderPayments.agencyId, ctx.agency.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const status = row.status === 'pending' && now.getTime() > row.expiresAt.getTime() ? 'expired' : row.status;
  return { paymentId: row.id, status, expiresAt: row.expiresAt.toISOString(), orderId: row.orderId };
}

/** The payment behind the simulated checkout page (public: the id is the secret of the link). */
export async function findPayment(db: Db, paymentId: string): Promise<OrderPaymentRow | undefined> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  return row;
}
