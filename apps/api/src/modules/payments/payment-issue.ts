/*
 * What an order's detail shows of its payment's life at the provider: money refunded outside the
 * portal and the latest dispute (recorded by `outside-money.ts` from the provider's events).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DisputeState, PaymentIssue } from '@portal/domain/flight-order';
import { PAYMENT_CHANNELS } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { money } from '../wallet/index';
import { disputes } from './outside-money.schema';
import { orderPayments } from './payments.schema';

/** Dispute statuses of a closed dispute; `warning_closed` is an inquiry that never became a chargeback. */
export const DISPUTE_CLOSED: Record<string, Exclude<DisputeState, 'open'>> = {
  won: 'won',
  warning_closed: 'won',
  lost: 'lost',
};

/**
 * What the provider did outside the portal with the payment of `orderId` (its order detail): the
 * total refunded outside the portal, and its latest dispute; null when nothing.
 */
export async function paymentIssueOf(db: Db, orderId: string): Promise<PaymentIssue | null> {
  const payments = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'paid')));
  const withIssue = payments.filter((p) => p.refundedOutsideMinor > 0);
  const ids = payments.map((p) => p.id);
  const [dispute] =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(disputes)
          .where(inArray(disputes.paymentId, ids))
          .orderBy(desc(disputes.createdAt))
          .limit(1);
  const payment = withIssue[0] ?? payments.find((p) => p.id === dispute?.paymentId);
  if (!payment || (withIssue.length === 0 && !dispute)) return null;
  const refunded = withIssue.reduce((sum, p) => sum + p.refundedOutsideMinor, 0);
  return {
    channel: PAYMENT_CHANNELS.find((c) => c === payment.channel) ?? 'stripe',
    refundedOutside: refunded > 0 ? money(refunded, payment.currency) : null,
    dispute: dispute
      ? {
          state: DISPUTE_CLOSED[dispute.status] ?? 'open',
          reason: dispute.reason,
          amount: money(dispute.amountMinor, dispute.currency),
          fundsWithdrawn: dispute.withdrawnEntryId !== null && dispute.reinstatedEntryId === null,
          openedAt: dispute.createdAt.toISOString(),
        }
      : null,
  };
}
