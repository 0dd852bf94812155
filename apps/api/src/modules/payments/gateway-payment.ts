import crypto from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { isCurrency, type Currency } from '@portal/domain/currency';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { PaymentChannel, PaymentPending } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { postEntry } from '../wallet/ledger';
import type { MarkupLeg } from '@portal/domain/wallet-markup';
import type { PaymentKind } from '../wallet/pay-from-balance';
import { ensureAccounts } from '../wallet/ledger.repo';
import { markupPostings } from '../wallet/markup-legs';
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

/** What a payment pays: a flight order, or one instalment of a group order. */
export type PaymentTarget = { orderId: string } | { groupOrderId: string; instalmentN: number };

/** The open (pending, unexpired) payment of `target` through `channel`, if any. */
export async function openPayment(
  db: Db,
  target: PaymentTarget,
  channel: string,
  now: Date,
): Promise<OrderPaymentRow | undefined> {
  const of =
    'orderId' in target
      ? eq(orderPayments.orderId, target.orderId)
      : and(
          eq(orderPayments.groupOrderId, target.groupOrderId),
          eq(orderPayments.instalmentN, target.instalmentN),
        );
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
  return preparePayment(
    db,
    provider,
    { orderId: order.id },
    {
      agencyId: order.agencyId,
      userId: ctx.user.id,
      amountMinor: order.orderTotalMinor,
      currency: order.currency,
      deadline: order.paymentDeadline,
      returnUrl,
      description: order.bookingNumber,
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
    orderId: null,
    groupOrderId: null,
    instalmentN: null,
    ...target,
    agencyId: draft.agencyId,
    userId: draft.userId,
    channel: provider.channel,
    amountMinor: draft.amountMinor,
    currency: draft.currency,
    status: 'pending',
    tradeNo: null,
    returnUrl: draft.returnUrl ?? null,
    expiresAt: new Date(
      Math.min(now.getTime() + GATEWAY_PAYMENT_TTL_MS, draft.deadline?.getTime() ?? Infinity),
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
  const { order } = await lockPayable(tx, ctx, flightOrderId(prepared.row), provider.channel, hooks, now);
  if (order.orderTotalMinor !== prepared.row.amountMinor || order.currency !== prepared.row.currency) {
    throw new AppError('PAYMENT_UNPROCESSABLE');
  }
  if (!prepared.stored) await tx.insert(orderPayments).values(prepared.row);
  return pendingAnswer(provider, prepared.row, prepared.answer);
}

/** What a notification did: `late` is a capture the order could not take, to refund now. */
export type NotifyOutcome =
  { result: 'paid' | 'duplicate' | 'failed' | 'ignored' } | { result: 'late'; capture: LateCaptureRow };

/** What settling a capture did: the order took the money, or could not (with its status then). */
export type CaptureOutcome = { paid: true } | { paid: false; orderStatus: string };

/**
 * What a captured payment pays for (a flight order, a group order's instalment): how to settle
 * it in the notification's transaction, and the status of its order for a late capture's record.
 */
export interface CaptureTarget {
  /**
   * Takes the money of `payment` (pending, unexpired, its amount checked against the
   * notification): locks the order, checks it may still be paid, posts the ledger entry and moves
   * the order on; or answers that it cannot.
   */
  settle(tx: Db, payment: OrderPaymentRow, tradeNo: string, now: Date): Promise<CaptureOutcome>;
  /** The status of the payment's order now (locked). */
  orderStatus(tx: Db, payment: OrderPaymentRow): Promise<string>;
}

/** The capture targets a notification may settle; a group instalment's needs the group module's. */
export interface CaptureTargets {
  flight: CaptureTarget;
  groupInstalment?: CaptureTarget;
}

/**
 * Money captured by a gateway, entered in the ledger: platform receivable -> each ancestor's
 * wallet its markup on the order (`markupLegs`, leg `markup`) and the rest to supplier payable.
 */
export async function postCapture(
  tx: Db,
  input: {
    agencyId: number;
    currency: string;
    amountMinor: number;
    kind: PaymentKind;
    orderId: string;
    tradeNo: string;
    description: string;
    createdBy: number;
    channel: string;
    markupLegs?: readonly MarkupLeg[];
  },
): Promise<number> {
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  const markups = await markupPostings(tx, input.markupLegs ?? [], input.currency);
  return postEntry(tx, {
    agencyId: input.agencyId,
    kind: input.kind,
    orderId: input.orderId,
    reference: input.tradeNo,
    description: `${input.description} (${input.channel})`,
    createdBy: input.createdBy,
    meta: { paymentMethod: input.channel },
    postings: [
      { accountId: accounts.platform_receivable, amountMinor: -input.amountMinor, currency: input.currency },
      {
        accountId: accounts.supplier_payable,
        amountMinor: input.amountMinor - markups.totalMinor,
        currency: input.currency,
      },
      ...markups.postings,
    ],
  });
}

/** A payment's flight order id (a flight target's payments always have one). */
function flightOrderId(payment: OrderPaymentRow): string {
  if (payment.orderId === null) throw new Error(`payment ${payment.id} is not a flight order's`);
  return payment.orderId;
}

/**
 * Flight orders as capture targets: paid when the action table lets the order be paid (its own
 * deadline no longer counts: the payment was started in time and is unexpired) and its amount is
 * the payment's; the entry of its type, the move it names and its type's hook (ticketing,
 * reissue).
 */
export function flightCaptureTarget(hooks: OnPaidHooks): CaptureTarget {
  return {
    async orderStatus(tx, payment) {
      return (await lockOrderById(tx, flightOrderId(payment)))?.status ?? 'unknown';
    },
    async settle(tx, payment, tradeNo, now) {
      const order = await lockOrderById(tx, flightOrderId(payment));
      const payable = order ? payableNow(order, hooks, now, false) : undefined;
      if (!order || !payable || order.orderTotalMinor !== payment.amountMinor) {
        return { paid: false, orderStatus: order?.status ?? 'unknown' };
      }
      const type = PAYABLE_ORDER_TYPES[payable.type];
      await postCapture(tx, {
        agencyId: order.agencyId,
        currency: order.currency,
        amountMinor: payment.amountMinor,
        kind: type.ledgerKind,
        orderId: order.id,
        tradeNo,
        description: `${type.description} ${order.bookingNumber}`,
        createdBy: payment.userId,
        channel: payment.channel,
        markupLegs: order.markupLegs,
      });
      await markPaid(tx, payable, payment.channel as PaymentChannel, now);
      return { paid: true };
    },
  };
}

/**
 * A gateway's asynchronous notification: refused unless signed with the gateway's secret and
 * fresh (401 PAYMENT_SIGNATURE_INVALID, nothing changed). A paid notification of another amount or
 * currency than the payment's is a late capture (`amount_mismatch`) and leaves the payment open. A
 * paid notification of a pending, unexpired payment is settled by its target (a flight
 * order, a group order's instalment) in this one transaction. A paid notification the order cannot
 * take (paid by balance or canceled meanwhile, payment expired or closed) is a late capture:
 * recorded for a refund through the gateway (`late`), which the caller makes after this
 * transaction. A repeated notification answers `duplicate` and changes nothing, so a capture is
 * refunded once.
 */
export async function handleNotification(
  tx: Db,
  gateway: PaymentGateway,
  n: GatewayNotification,
  now: Date,
  targets: CaptureTargets,
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
  if (await findLateCapture(tx, channel, n.tradeNo)) return { result: 'duplicate' };
  const late = async (reason: Parameters<typeof recordLateCapture>[3], orderStatus: string) => {
    const capture = await recordLateCapture(tx, payment, n, reason, orderStatus, now);
    return capture ? { result: 'late' as const, capture } : { result: 'duplicate' as const };
  };
  const target = payment.groupOrderId === null ? targets.flight : targets.groupInstalment;
  const orderStatus = () => target?.orderStatus(tx, payment) ?? Promise.resolve('unknown');

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
  const settled = target ? await target.settle(tx, payment, n.tradeNo, now) : undefined;
  if (!settled?.paid) {
    await finish('rejected');
    return late('order_not_payable', settled?.orderStatus ?? 'unknown');
  }
  await finish('paid');
  return { result: 'paid' };
}

/** The payment behind a simulated checkout page (which checks the page's token itself). */
export async function findPayment(db: Db, paymentId: string): Promise<OrderPaymentRow | undefined> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.id, paymentId)).limit(1);
  return row;
}
