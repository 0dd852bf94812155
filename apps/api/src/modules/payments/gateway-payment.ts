import crypto from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Currency } from '@portal/domain/currency';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { PaymentPending } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { orderPayments, type OrderPaymentRow } from './payments.schema';
import { GATEWAY_PAYMENT_TTL_MS, type PaymentGateway, type StartPaymentAnswer } from './gateway';
import type { Payable, PaymentDue, PaymentTarget } from './payable';
import { openPayable } from './pay-order';

/** What the payer is told of a started outside payment: where to pay, how much, until when. */
export function pendingAnswer(
  provider: PaymentGateway,
  row: OrderPaymentRow,
  answer: StartPaymentAnswer,
): PaymentPending {
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

/** The `order_payments` columns that keep a payment's target. */
function targetColumns(target: PaymentTarget) {
  return target.kind === 'flight'
    ? { orderId: target.orderId, groupOrderId: null, instalmentN: null }
    : { orderId: null, groupOrderId: target.orderId, instalmentN: target.n };
}

/** What a stored payment pays (every row has one target: a database check). */
export function targetOf(payment: OrderPaymentRow): PaymentTarget {
  if (payment.orderId !== null) return { kind: 'flight', orderId: payment.orderId };
  if (payment.groupOrderId !== null && payment.instalmentN !== null) {
    return { kind: 'group-instalment', orderId: payment.groupOrderId, n: payment.instalmentN };
  }
  throw new Error(`payment ${payment.id} has no target`);
}

/** The open (pending, unexpired) payment of `target` through `channel`, if any. */
export async function openPayment(
  db: Db,
  target: PaymentTarget,
  channel: string,
  now: Date,
): Promise<OrderPaymentRow | undefined> {
  const of =
    target.kind === 'flight'
      ? eq(orderPayments.orderId, target.orderId)
      : and(eq(orderPayments.groupOrderId, target.orderId), eq(orderPayments.instalmentN, target.n));
  const [open] = await db
    .select()
    .from(orderPayments)
    .where(
      and(
        of,
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

/** The target of a payable that may be paid through an outside provider (400 otherwise). */
function gatewayTarget(due: PaymentDue<unknown>): PaymentTarget {
  if (!due.target) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  return due.target;
}

/**
 * The outside step of starting a payment of the caller's order `key`, with no transaction open:
 * checks the order may be paid (read only; the inside step checks again under lock), picks the
 * open payment to resume or a new one (expiring after 15 minutes, never after the order's or
 * instalment's deadline, so a capture the deadline job could race is refused as expired) and asks
 * the provider for its checkout or QR code.
 */
export async function prepareGatewayPayment<Key, R>(
  db: Db,
  ctx: RequestContext,
  payable: Payable<Key, R>,
  key: Key,
  provider: PaymentGateway,
  returnUrl: string | undefined,
  now: Date,
): Promise<PreparedPayment> {
  const due = await openPayable(db, ctx, payable, key, provider.channel, now, { lock: false });
  return preparePayment(
    db,
    provider,
    gatewayTarget(due),
    {
      agencyId: due.agencyId,
      userId: ctx.user.id,
      amountMinor: due.amountMinor,
      currency: due.currency,
      deadline: due.deadline,
      returnUrl,
      description: due.checkoutText,
    },
    now,
  );
}

/** What a new outside payment is for: who pays, how much, until when at the latest, and its words. */
export interface PaymentDraft {
  agencyId: number;
  userId: number;
  amountMinor: number;
  currency: string;
  /** The order's or instalment's deadline: the payment never outlives it. */
  deadline: Date | null;
  returnUrl: string | undefined;
  description: string;
}

/**
 * Picks the open payment of `target` through the provider's channel to resume, or a new one
 * (expiring after 15 minutes, never after the draft's deadline), and asks the provider for its
 * checkout or QR code. No transaction may be open: the provider's start may be a network call.
 */
export async function preparePayment(
  db: Db,
  provider: PaymentGateway,
  target: PaymentTarget,
  draft: PaymentDraft,
  now: Date,
): Promise<PreparedPayment> {
  const open = await openPayment(db, target, provider.channel, now);
  const row: OrderPaymentRow = open ?? {
    id: crypto.randomUUID(),
    ...targetColumns(target),
    agencyId: draft.agencyId,
    userId: draft.userId,
    channel: provider.channel,
    amountMinor: draft.amountMinor,
    currency: draft.currency,
    status: 'pending',
    tradeNo: null,
    refundedOutsideMinor: 0,
    returnUrl: draft.returnUrl ?? null,
    expiresAt: new Date(
      Math.min(
        now.getTime() + Math.max(GATEWAY_PAYMENT_TTL_MS, provider.minimumTtlMs ?? 0),
        draft.deadline?.getTime() ?? Infinity,
      ),
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
    description: draft.description,
  });
  return { row, stored: open !== undefined, answer };
}

/**
 * The inside step, in one short transaction: the order locked and checked again (paid from the
 * wallet or canceled meanwhile), its amount unchanged, then the prepared payment stored. The order
 * changes only when the provider's signed notification says it was paid (`notification.ts`).
 */
export async function recordGatewayPayment<Key, R>(
  tx: Db,
  ctx: RequestContext,
  payable: Payable<Key, R>,
  key: Key,
  provider: PaymentGateway,
  prepared: PreparedPayment,
  now: Date,
): Promise<PaymentPending> {
  const due = await openPayable(tx, ctx, payable, key, provider.channel, now);
  gatewayTarget(due);
  if (due.amountMinor !== prepared.row.amountMinor || due.currency !== prepared.row.currency) {
    throw new AppError('PAYMENT_UNPROCESSABLE');
  }
  if (!prepared.stored) await tx.insert(orderPayments).values(prepared.row);
  return pendingAnswer(provider, prepared.row, prepared.answer);
}

/** The payment behind a simulated checkout page (which checks the page's token itself). */
export async function findPayment(db: Db, paymentId: string): Promise<OrderPaymentRow | undefined> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  return row;
}
