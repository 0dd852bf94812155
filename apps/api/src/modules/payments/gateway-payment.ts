import crypto from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Currency } from '@portal/domain/currency';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { PaymentPending, PaymentStatusView } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { postEntry } from '../wallet/ledger';
import { ensureAccounts } from '../wallet/ledger.repo';
import { lockOrderById } from '../flight-orders/flight-orders.repo';
import { orderPayments, type OrderPaymentRow } from './payments.schema';
import {
  GATEWAY_PAYMENT_TTL_MS,
  NOTIFICATION_MAX_AGE_MS,
  type GatewayNotification,
  type PaymentGateway,
  type StartPaymentAnswer,
} from './gateway';
import { findLateCapture, recordLateCapture } from './late-captures';
import type { LateCaptureRow } from './late-captures.schema';
import { lockPayable, markPaid, PAYABLE_ORDER_TYPES, payableNow, type OnPaidHooks } from './pay-order';

function pending(provider: PaymentGateway, row: OrderPaymentRow, answer: StartPaymentAnswer): PaymentPending {
  return {
    status: 'pending',
    paymentId: row.id,
    channel: provider.channel,
    amount: {
      amount: fromMinor(row.amountMinor, minorDigits(row.currency)),
      currency: row.currency as Currency,
    },
    ...answer,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The open (pending, unexpired) payment of `orderId` through `channel`, if any. */
async function openPayment(
  db: Db,
  orderId: string,
  channel: string,
  now: Date,
): Promise<OrderPaymentRow | undefined> {
  const [open] = await db
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.channel, channel),
        eq(orderPayments.status, 'pending'),
        gt(orderPayments.expiresAt, now),
      ),
    )
    .orderBy(desc(orderPayments.createdAt))
    .limit(1);
  return open;
}

/** A payment to start (or resume) and what its provider answered, before it is stored. */
export interface PreparedPayment {
  row: OrderPaymentRow;
  /** True when the row exists already (a resumed payment). */
  stored: boolean;
  answer: StartPaymentAnswer;
}

/**
 * The outside step of starting a payment, with no transaction open: checks the order may be
 * paid (read only; the inside step checks again under lock), picks the open payment to resume or
 * a new one (expiring after 15 minutes, never after the order's deadline) and asks the provider
 * for its checkout or QR code.
 */
export async function prepareGatewayPayment(
  db: Db,
  ctx: RequestContext,
  id: string,
  provider: PaymentGateway,
  returnUrl: string | undefined,
  hooks: OnPaidHooks,
  now: Date,
): Promise<PreparedPayment> {
  const { order } = await lockPayable(db, ctx, id, provider.channel, hooks, now, { lock: false });
  const open = await openPayment(db, order.id, provider.channel, now);
  const row: OrderPaymentRow = open ?? {
    id: crypto.randomUUID(),
    orderId: order.id,
    agencyId: order.agencyId,
    userId: ctx.user.id,
    channel: provider.channel,
    amountMinor: order.orderTotalMinor,
    currency: order.currency,
    status: 'pending',
    tradeNo: null,
    returnUrl: returnUrl ?? null,
    expiresAt: new Date(
      Math.min(now.getTime() + GATEWAY_PAYMENT_TTL_MS, order.paymentDeadline?.getTime() ?? Infinity),
    ),
    createdAt: now,
    completedAt: null,
  };
  const answer = await provider.start({
    paymentId: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    expiresAt: row.expiresAt,
    returnUrl: row.returnUrl,
    description: order.bookingNumber,
  });
  return { row, stored: open !== undefined, answer };
}

/**
 * The inside step, in one short transaction: the order locked and checked again (a payment or
 * cancellation may have happened meanwhile), its amount unchanged, then the prepared payment
 * stored. The order changes only when the provider's signed notification says it was paid.
 */
export async function recordGatewayPayment(
  tx: Db,
  ctx: RequestContext,
  provider: PaymentGateway,
  prepared: PreparedPayment,
  hooks: OnPaidHooks,
  now: Date,
): Promise<PaymentPending> {
  const { order } = await lockPayable(tx, ctx, prepared.row.orderId, provider.channel, hooks, now);
  if (order.orderTotalMinor !== prepared.row.amountMinor || order.currency !== prepared.row.currency) {
    throw new AppError('PAYMENT_UNPROCESSABLE');
  }
  if (!prepared.stored) await tx.insert(orderPayments).values(prepared.row);
  return pending(provider, prepared.row, prepared.answer);
}

/** What a notification did: `late` is a capture the order could not take, to refund now. */
export type NotifyOutcome =
  { result: 'paid' | 'duplicate' | 'failed' | 'ignored' } | { result: 'late'; capture: LateCaptureRow };

/**
 * A gateway's asynchronous notification: refused unless signed with the gateway's secret and
 * fresh (401 PAYMENT_SIGNATURE_INVALID, nothing changed), and unless its amount is the payment's
 * (422). A paid notification of a pending, unexpired payment whose order the action table lets
 * be paid posts the ledger entry of its type (platform receivable -> supplier payable), moves the
 * order on (origin to `proceeding`, change to `chg_proceeding`) and runs its type's hook
 * (ticketing, reissue), all in one transaction. A paid notification the order cannot take (paid
 * by balance or canceled meanwhile, payment expired or closed) is a late capture: recorded for a
 * refund through the gateway (`late`), which the caller makes after this transaction. A repeated
 * notification answers `duplicate` and changes nothing, so a capture is refunded once.
 */
export async function handleNotification(
  tx: Db,
  gateway: PaymentGateway,
  n: GatewayNotification,
  now: Date,
  hooks: OnPaidHooks,
): Promise<NotifyOutcome> {
  const { channel } = gateway;
  if (!gateway.verifyNotification(n)) throw new AppError('PAYMENT_SIGNATURE_INVALID');
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
  // The payment was started in time and is unexpired: the order's own deadline no longer counts.
  const payable = order ? payableNow(order, hooks, now, false) : undefined;
  if (!order || !payable || order.orderTotalMinor !== payment.amountMinor) {
    await finish('rejected');
    return late('order_not_payable', order?.status ?? 'unknown');
  }
  const accounts = await ensureAccounts(tx, order.agencyId, order.currency);
  await postEntry(tx, {
    agencyId: order.agencyId,
    kind: PAYABLE_ORDER_TYPES[payable.type].ledgerKind,
    orderId: order.id,
    reference: n.tradeNo,
    description: `${PAYABLE_ORDER_TYPES[payable.type].description} ${order.bookingNumber} (${channel})`,
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
  await markPaid(tx, payable, channel, now);
  await finish('paid');
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
