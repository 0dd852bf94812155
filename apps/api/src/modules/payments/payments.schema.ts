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
import type { PaymentStatus } from '@portal/domain/payment';

/**
 * An outside-channel payment, confirmed by a signed notification: of a flight order (`orderId`),
 * or of one instalment of a group order (`groupOrderId` and `instalmentN`); `targetOf` reads it as
 * a `PaymentTarget`. The order tables belong to their modules: their foreign keys (on delete
 * cascade) are kept in SQL only (migrations 0005 and 0017), not declared here.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id'),
    groupOrderId: uuid('group_order_id'),
    /** The instalment of the group order this pays (1 to 4). */
    instalmentN: integer('instalment_n'),
    agencyId: integer('agency_id').notNull(),
    userId: integer('user_id').notNull(),
    channel: text('channel').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** pending -> paid | failed | expired | rejected (paid at the gateway for an order no longer payable). */
    status: text('status').$type<PaymentStatus>().notNull(),
    tradeNo: text('trade_no'),
    /** What the provider refunded of this capture outside the portal (its dashboard), migration 0037. */
    refundedOutsideMinor: bigint('refunded_outside_minor', { mode: 'number' }).notNull().default(0),
    returnUrl: text('return_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId),
    index('order_payments_group_order_idx').on(t.groupOrderId, t.instalmentN),
    check(
      'order_payments_one_target',
      sql`(${t.orderId} is null) <> (${t.groupOrderId} is null) and (${t.groupOrderId} is null) = (${t.instalmentN} is null)`,
    ),
    uniqueIndex('order_payments_trade_no_idx').on(t.channel, t.tradeNo),
  ],
);

export type OrderPaymentRow = typeof orderPayments.$inferSelect;
