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

/**
 * A refund a provider made outside the portal (in its dashboard), of a capture the portal took
 * (migration 0037): one row per provider refund id and channel, with the ledger entry that took
 * the money out of the platform's receivable. `orderId` (a flight order) or `groupOrderId` (a
 * group order's instalment), as the payment names it; their foreign keys are kept in SQL only.
 */
export const outsideRefunds = pgTable(
  'payment_outside_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    groupOrderId: uuid('group_order_id'),
    agencyId: integer('agency_id').notNull(),
    channel: text('channel').notNull(),
    /** The capture's transaction number (Stripe: its payment intent). */
    tradeNo: text('trade_no').notNull(),
    /** The provider's refund id (Stripe: `re_...`). */
    refundId: text('refund_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The provider's status of the refund (Stripe: pending, succeeded, failed, canceled). */
    status: text('status').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_outside_refunds_refund_idx').on(t.channel, t.refundId),
    index('payment_outside_refunds_order_idx').on(t.orderId),
    index('payment_outside_refunds_group_order_idx').on(t.groupOrderId),
    check('payment_outside_refunds_one_order', sql`(${t.orderId} is null) <> (${t.groupOrderId} is null)`),
    check('payment_outside_refunds_positive', sql`${t.amountMinor} > 0`),
  ],
);

export type OutsideRefundRow = typeof outsideRefunds.$inferSelect;

/**
 * A card dispute (chargeback) of a capture the portal took (migration 0037): one row per provider
 * dispute id and channel, its provider status as last heard, and the ledger entries of its funds
 * withdrawn and reinstated (each posted once).
 */
export const disputes = pgTable(
  'payment_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    groupOrderId: uuid('group_order_id'),
    agencyId: integer('agency_id').notNull(),
    channel: text('channel').notNull(),
    tradeNo: text('trade_no').notNull(),
    /** The provider's dispute id (Stripe: `du_...`). */
    disputeId: text('dispute_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The card holder's bank's reason (Stripe: fraudulent, product_not_received, ...). */
    reason: text('reason').notNull(),
    /** The provider's status (Stripe: needs_response, under_review, won, lost, warning_*...). */
    status: text('status').notNull(),
    withdrawnEntryId: bigint('withdrawn_entry_id', { mode: 'number' }),
    reinstatedEntryId: bigint('reinstated_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_disputes_dispute_idx').on(t.channel, t.disputeId),
    index('payment_disputes_order_idx').on(t.orderId),
    index('payment_disputes_group_order_idx').on(t.groupOrderId),
    check('payment_disputes_one_order', sql`(${t.orderId} is null) <> (${t.groupOrderId} is null)`),
    check('payment_disputes_positive', sql`${t.amountMinor} > 0`),
    check(
      'payment_disputes_reinstated_after_withdrawn',
      sql`${t.reinstatedEntryId} is null or ${t.withdrawnEntryId} is not null`,
    ),
  ],
);

export type DisputeRow = typeof disputes.$inferSelect;
