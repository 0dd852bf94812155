/*
 * What an order's detail shows of its payment's life at the provider: money refunded outside the
 * portal and the latest dispute (recorded by `outside-money.ts` from the provider's events).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DisputeState, PaymentIssue } from '@portal/domain/flight-order';
import { PAYMENT_CHANNELS } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { jsonRowSql, rowFromJson, rowsFromJson } from '../../platform/db/json-rows';
import { rowsOf } from '../../platform/db/rows';
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
  const [read] = await rowsOf<{ issue: unknown }>(db, sql`select ${paymentIssueSql(orderId)} as issue`);
  return paymentIssueFrom(read?.issue);
}

/**
 * The paid payments of `orderId` and the latest dispute of any of them, as one JSON value of a
 * scalar subquery (for a statement that reads more; `orderId` a value or SQL); `paymentIssueFrom`
 * reads it.
 */
export function paymentIssueSql(orderId: string | SQL): SQL {
  const paid = sql`from ${orderPayments} p where p.order_id = ${orderId} and p.status = 'paid'`;
  return sql`json_build_array(
    (select json_agg(${jsonRowSql(orderPayments, 'p')} order by p.created_at, p.id) ${paid}),
    (select ${jsonRowSql(disputes, 'd')} from ${disputes} d
      where d.payment_id in (select p.id ${paid})
      order by d.created_at desc, d.id desc limit 1))`;
}

/** The payment issue of what `paymentIssueSql` read. */
export function paymentIssueFrom(value: unknown): PaymentIssue | null {
  const [paymentsJson, disputeJson] = Array.isArray(value) ? value : [];
  const payments = rowsFromJson(orderPayments, paymentsJson);
  const dispute = disputeJson ? rowFromJson(disputes, disputeJson) : undefined;
  const withIssue = payments.filter((p) => p.refundedOutsideMinor > 0);
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
