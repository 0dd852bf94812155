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
import type { LateCaptureReason, LateCaptureStatus } from '@portal/domain/late-capture';
import { orderPayments } from './payments.schema';

/**
 * Money an outside gateway captured for an order that could no longer take it (paid by balance,
 * canceled, payment expired), and its refund through the same gateway. One row per capture
 * (channel and the gateway's transaction number), so a repeated notification refunds once.
 */
export const lateCaptures = pgTable(
  'payment_late_captures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    /**
     * The flight order, or the group order (an instalment's payment), the money was for; their
     * foreign keys (on delete cascade) are kept in SQL only (migrations 0007 and 0017).
     */
    orderId: uuid('order_id'),
    groupOrderId: uuid('group_order_id'),
    agencyId: integer('agency_id').notNull(),
    channel: text('channel').notNull(),
    tradeNo: text('trade_no').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').$type<LateCaptureReason>().notNull(),
    /** The order's status when the capture arrived. */
    orderStatus: text('order_status').notNull(),
    status: text('status').$type<LateCaptureStatus>().notNull(),
    /** The gateway's refund reference. */
    refundId: text('refund_id'),
    /** Refund calls made so far, and the last failure. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_late_captures_capture_idx').on(t.channel, t.tradeNo),
    index('payment_late_captures_agency_idx').on(t.agencyId, t.capturedAt),
    check('payment_late_captures_one_order', sql`(${t.orderId} is null) <> (${t.groupOrderId} is null)`),
  ],
);

export type LateCaptureRow = typeof lateCaptures.$inferSelect;
