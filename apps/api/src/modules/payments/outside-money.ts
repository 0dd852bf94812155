import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isCurrency } from '@portal/domain/currency';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { TimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../../platform/db';
import { notifyAgencyEvent } from '../notifications/index';
import { postProviderAdjustment } from '../wallet/index';
import { targetOf } from './gateway-payment';
import { DISPUTE_CLOSED } from './payment-issue';
import { lateCaptures } from './late-captures.schema';
import { disputes, outsideRefunds, type DisputeRow } from './outside-money.schema';
import type { PayableRegistry } from './payable';
import { orderPayments, type OrderPaymentRow } from './payments.schema';
import { providerRefunds } from './provider-refunds.schema';

/** What receiving a provider's refund or dispute needs. */
export interface OutsideMoneyDeps {
  db: Db;
  payables: PayableRegistry;
  log: FastifyBaseLogger;
}

/**
 * What a refund or dispute event did: `recorded` something new, heard it before (`duplicate`),
 * `ignored` (the portal's own refund, or money that never left), or `unknown` (a charge no portal
 * payment took).
 */
export type OutsideMoneyResult = 'recorded' | 'duplicate' | 'ignored' | 'unknown';

/** A refund of a capture, as the provider reports it (provider-neutral). */
export interface OutsideRefundNotice {
  channel: string;
  /** The capture's transaction number (Stripe: the payment intent). */
  tradeNo: string;
  refundId: string;
  amountMinor: number;
  currency: string;
  /** The provider's status (Stripe: pending, requires_action, succeeded, failed, canceled). */
  status: string;
  /** The idempotency key the portal sent with its own refund (in the refund's metadata); null for none. */
  portalKey: string | null;
}

/** What happened to a dispute (the provider's event). */
export type DisputeChange = 'opened' | 'updated' | 'funds_withdrawn' | 'funds_reinstated' | 'closed';

/** A dispute of a capture, as the provider reports it (provider-neutral). */
export interface DisputeNotice {
  channel: string;
  tradeNo: string;
  disputeId: string;
  amountMinor: number;
  currency: string;
  reason: string;
  /** The provider's status (Stripe: warning_needs_response, needs_response, under_review, won, lost, ...). */
  status: string;
  change: DisputeChange;
}

/** Refund statuses with the money gone from the provider's balance (or on its way). */
const MONEY_LEFT = ['pending', 'succeeded'];

/** The paid capture of `channel` with the provider's number `tradeNo`, locked; undefined for none. */
async function lockCapture(tx: Db, channel: string, tradeNo: string): Promise<OrderPaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.channel, channel),
        eq(orderPayments.tradeNo, tradeNo),
        eq(orderPayments.status, 'paid'),
      ),
    )
    .limit(1)
    .for('update');
  return payment;
}

/** True when the portal made this refund itself: to the card (`payment_provider_refunds`) or of a late capture. */
async function isPortalRefund(tx: Db, n: OutsideRefundNotice): Promise<boolean> {
  // The key travels in the refund's metadata: the event may come before the job records the refund id.
  if (n.portalKey) return true;
  const [own] = await tx
    .select({ id: providerRefunds.id })
    .from(providerRefunds)
    .where(and(eq(providerRefunds.channel, n.channel), eq(providerRefunds.refundId, n.refundId)))
    .limit(1);
  if (own) return true;
  const [late] = await tx
    .select({ id: lateCaptures.id })
    .from(lateCaptures)
    .where(and(eq(lateCaptures.channel, n.channel), eq(lateCaptures.refundId, n.refundId)))
    .limit(1);
  return late !== undefined;
}

const orderRefOf = (payment: OrderPaymentRow) => ({
  orderId: payment.orderId,
  groupOrderId: payment.groupOrderId,
});
/** The ledger's order id of an outside movement: the order's id first, so the wallet lists name it. */
const ledgerOrderOf = (payment: OrderPaymentRow, suffix: string) =>
  `${payment.orderId ?? payment.groupOrderId ?? payment.id}/${suffix}`;
const decimal = (amountMinor: number, currency: string) => fromMinor(amountMinor, minorDigits(currency));

/** The timeline note and the finance notice of one outside movement, in the caller's transaction. */
async function tell(
  tx: Db,
  deps: OutsideMoneyDeps,
  payment: OrderPaymentRow,
  note: TimelineNote,
  notice: {
    kind: 'payment.refunded_outside' | 'payment.disputed' | 'payment.dispute_won' | 'payment.dispute_lost';
    reason?: string;
    amountMinor: number;
    currency: string;
  } | null,
  now: Date,
): Promise<void> {
  const target = targetOf(payment);
  const capturable = deps.payables.get(target.kind);
  await capturable?.noteOnOrder?.(tx, target, note, now);
  if (!notice) return;
  const bookingNumber = (await capturable?.bookingNumbers(tx, [target.orderId]))?.get(target.orderId) ?? '';
  await notifyAgencyEvent(tx, {
    kind: notice.kind,
    agencyId: payment.agencyId,
    orderId: target.orderId,
    params: {
      bookingNumber,
      amount: decimal(notice.amountMinor, notice.currency),
      currency: notice.currency,
      channel: payment.channel,
      // The page the notice opens: a flight order's, or a group order's (`noticeTarget`).
      orderKind: target.kind === 'flight' ? 'flight' : 'group',
      ...(notice.reason ? { reason: notice.reason } : {}),
    },
    at: now,
  });
}

/**
 * A refund the provider reports of a capture the portal took. The portal's own refunds (its key in
 * the refund's metadata, or its refund id on a refund to the card or of a late capture) are
 * ignored: they were entered when the portal asked for them. Any other refund was made outside the
 * portal (the provider's dashboard): recorded once (unique refund id), entered in the ledger
 * (platform receivable -> platform suspense: the money left the platform's provider balance, the
 * wallet and the supplier payable are untouched), added to the payment's `refundedOutsideMinor`,
 * written on the order's timeline and told to the agency's finance, all in one transaction. The
 * order stays as it is: an operator decides what follows. A refund heard again only updates its
 * status; a failed or canceled one is logged for the operator.
 */
export async function receiveOutsideRefund(
  deps: OutsideMoneyDeps,
  n: OutsideRefundNotice,
  now: Date,
): Promise<OutsideMoneyResult> {
  const outcome = await deps.db.transaction(async (tx): Promise<OutsideMoneyResult> => {
    const payment = await lockCapture(tx, n.channel, n.tradeNo);
    if (await isPortalRefund(tx, n)) return 'ignored';
    if (!payment) return 'unknown';
    const [known] = await tx
      .select()
      .from(outsideRefunds)
      .where(and(eq(outsideRefunds.channel, n.channel), eq(outsideRefunds.refundId, n.refundId)))
      .limit(1);
    if (known) {
      if (known.status === n.status) return 'duplicate';
      await tx
        .update(outsideRefunds)
        .set({ status: n.status, updatedAt: now })
        .where(eq(outsideRefunds.id, known.id));
      if (!MONEY_LEFT.includes(n.status)) {
        deps.log.warn(
          { refundId: n.refundId, paymentId: payment.id, status: n.status },
          'refund made outside the portal did not go through: the operator settles the suspense',
        );
      }
      return 'recorded';
    }
    // Money that never left (a failed or canceled refund heard first) changes nothing.
    if (!MONEY_LEFT.includes(n.status) || !isCurrency(n.currency) || n.amountMinor <= 0) return 'ignored';
    const [row] = await tx
      .insert(outsideRefunds)
      .values({
        paymentId: payment.id,
        ...orderRefOf(payment),
        agencyId: payment.agencyId,
        channel: n.channel,
        tradeNo: n.tradeNo,
        refundId: n.refundId,
        amountMinor: n.amountMinor,
        currency: n.currency,
        status: n.status,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return 'duplicate';
    const ledgerEntryId = await postProviderAdjustment(tx, {
      agencyId: payment.agencyId,
      currency: n.currency,
      amountMinor: n.amountMinor,
      direction: 'out',
      kind: 'provider-refund',
      ledgerOrderId: ledgerOrderOf(payment, `outside-refund-${row.id}`),
      reference: n.refundId,
      description: 'Refund made outside the portal',
      channel: n.channel,
    });
    await tx.update(outsideRefunds).set({ ledgerEntryId }).where(eq(outsideRefunds.id, row.id));
    await tx
      .update(orderPayments)
      .set({ refundedOutsideMinor: sql`${orderPayments.refundedOutsideMinor} + ${n.amountMinor}` })
      .where(eq(orderPayments.id, payment.id));
    const amount = decimal(n.amountMinor, n.currency);
    await tell(
      tx,
      deps,
      payment,
      { key: 'refundedOutsidePortal', params: { amount, currency: n.currency, channel: n.channel } },
      { kind: 'payment.refunded_outside', amountMinor: n.amountMinor, currency: n.currency },
      now,
    );
    deps.log.warn(
      { refundId: n.refundId, paymentId: payment.id, orderId: target(payment), amountMinor: n.amountMinor },
      'refund made outside the portal recorded: the order is unchanged, an operator must act',
    );
    return 'recorded';
  });
  if (outcome === 'unknown') {
    deps.log.warn(
      { channel: n.channel, tradeNo: n.tradeNo, refundId: n.refundId },
      'refund of an unknown charge',
    );
  }
  return outcome;
}

const target = (payment: OrderPaymentRow) => payment.orderId ?? payment.groupOrderId;

/**
 * A dispute (chargeback) the provider reports of a capture the portal took, in one transaction:
 * recorded once (unique dispute id) and told on the order's timeline and to the agency's finance;
 * its funds withdrawn entered once (platform receivable -> platform suspense), reinstated once
 * (the reverse, only after a withdrawal); closed (won or lost) once, told again. Each event
 * carries the whole dispute, so they may come in any order and any number of times: what was
 * done before is not done again. The order stays as it is.
 */
export async function receiveDispute(
  deps: OutsideMoneyDeps,
  n: DisputeNotice,
  now: Date,
): Promise<OutsideMoneyResult> {
  const outcome = await deps.db.transaction(async (tx): Promise<OutsideMoneyResult> => {
    const payment = await lockCapture(tx, n.channel, n.tradeNo);
    if (!payment) return 'unknown';
    if (!isCurrency(n.currency) || n.amountMinor <= 0) return 'ignored';
    const [inserted] = await tx
      .insert(disputes)
      .values({
        paymentId: payment.id,
        ...orderRefOf(payment),
        agencyId: payment.agencyId,
        channel: n.channel,
        tradeNo: n.tradeNo,
        disputeId: n.disputeId,
        amountMinor: n.amountMinor,
        currency: n.currency,
        reason: n.reason,
        status: n.status,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const [row] = await tx
      .select()
      .from(disputes)
      .where(and(eq(disputes.channel, n.channel), eq(disputes.disputeId, n.disputeId)))
      .limit(1)
      .for('update');
    if (!row) throw new Error(`dispute ${n.disputeId} not recorded`);
    const amount = decimal(row.amountMinor, row.currency);
    const values = { amount, currency: row.currency, channel: n.channel };
    let changed = inserted !== undefined;
    if (inserted) {
      await tell(
        tx,
        deps,
        payment,
        { key: 'disputeOpened', params: { ...values, reason: n.reason } },
        { kind: 'payment.disputed', reason: n.reason, amountMinor: row.amountMinor, currency: row.currency },
        now,
      );
    }
    const patch: Partial<DisputeRow> = {};
    // A creation heard late is older than what the row says already: its status is not taken.
    if (row.status !== n.status && row.closedAt === null && n.change !== 'opened') patch.status = n.status;
    const adjust = (direction: 'out' | 'back') =>
      postProviderAdjustment(tx, {
        agencyId: payment.agencyId,
        currency: row.currency,
        amountMinor: row.amountMinor,
        direction,
        kind: 'provider-dispute',
        ledgerOrderId: ledgerOrderOf(
          payment,
          `dispute-${row.id}-${direction === 'out' ? 'withdrawn' : 'reinstated'}`,
        ),
        reference: n.disputeId,
        description: direction === 'out' ? 'Dispute: funds withdrawn' : 'Dispute: funds reinstated',
        channel: n.channel,
      });
    if (n.change === 'funds_withdrawn' && row.withdrawnEntryId === null) {
      patch.withdrawnEntryId = await adjust('out');
      await tell(tx, deps, payment, { key: 'disputeFundsWithdrawn', params: values }, null, now);
    }
    if (n.change === 'funds_reinstated' && row.reinstatedEntryId === null) {
      if (row.withdrawnEntryId === null && patch.withdrawnEntryId === undefined) {
        deps.log.warn(
          { disputeId: n.disputeId },
          'dispute funds reinstated before any withdrawal: nothing to reverse',
        );
      } else {
        patch.reinstatedEntryId = await adjust('back');
        await tell(tx, deps, payment, { key: 'disputeFundsReinstated', params: values }, null, now);
      }
    }
    const closed = DISPUTE_CLOSED[n.status];
    if (closed && row.closedAt === null) {
      patch.status = n.status;
      patch.closedAt = now;
      await tell(
        tx,
        deps,
        payment,
        closed === 'won' ? { key: 'disputeWon' } : { key: 'disputeLost', params: values },
        {
          kind: closed === 'won' ? 'payment.dispute_won' : 'payment.dispute_lost',
          amountMinor: row.amountMinor,
          currency: row.currency,
        },
        now,
      );
    }
    if (Object.keys(patch).length > 0) {
      await tx
        .update(disputes)
        .set({ ...patch, updatedAt: now })
        .where(eq(disputes.id, row.id));
      changed = true;
    }
    if (changed) {
      deps.log.warn(
        {
          disputeId: n.disputeId,
          paymentId: payment.id,
          orderId: target(payment),
          status: n.status,
          change: n.change,
        },
        'card dispute recorded: the order is unchanged, an operator must act',
      );
    }
    return changed ? 'recorded' : 'duplicate';
  });
  if (outcome === 'unknown') {
    deps.log.warn(
      { channel: n.channel, tradeNo: n.tradeNo, disputeId: n.disputeId },
      'dispute of an unknown charge',
    );
  }
  return outcome;
}
