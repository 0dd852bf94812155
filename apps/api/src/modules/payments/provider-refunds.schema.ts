import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderPayments } from './payments.schema';

/** Why money goes back to the payer's card (or other outside channel). */
export const PROVIDER_REFUND_REASONS = [
  'ticketing_failed',
  'change_failed',
  'purchase_failed',
  'refund',
  'void',
] as const;
export type ProviderRefundReason = (typeof PROVIDER_REFUND_REASONS)[number];
export type ProviderRefundStatus = 'refund_pending' | 'refunded';

/**
 * Money of an order paid through an outside provider, going back through that provider (migration
 * 0036): recorded with its ledger entry in one transaction, sent by the `payment-provider-refund`
 * job outside any transaction. `orderId` is the order whose money goes back (a failed order, a
 * refund or void order, a failed change); its foreign key is kept in SQL only.
 */
export const providerRefunds = pgTable(
  'payment_provider_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The capture the money goes back to. */
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    agencyId: integer('agency_id').notNull(),
    channel: text('channel').notNull(),
    /** The provider's transaction number of the capture (Stripe: its payment intent). */
    tradeNo: text('trade_no').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').$type<ProviderRefundReason>().notNull(),
    /** Sent with every attempt, so that the provider refunds once; one per order and reason. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<ProviderRefundStatus>().notNull(),
    /** The provider's refund reference. */
    refundId: text('refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The ledger entry that took the money out of the books (supplier payable -> platform receivable). */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_provider_refunds_key_idx').on(t.idempotencyKey),
    uniqueIndex('payment_provider_refunds_refund_idx')
      .on(t.channel, t.refundId)
      .where(sql`${t.refundId} is not null`),
    index('payment_provider_refunds_payment_idx').on(t.paymentId),
    index('payment_provider_refunds_order_idx').on(t.orderId),
    check('payment_provider_refunds_positive', sql`${t.amountMinor} > 0`),
  ],
);

export type ProviderRefundRow = typeof providerRefunds.$inferSelect;
