import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@portal/domain/payment';
import { flightOrders } from '../flight-orders/flight-orders.schema';

/** An outside-channel payment of an order (simulated gateway), confirmed by a signed notification. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').notNull(),
    userId: integer('user_id').notNull(),
    channel: text('channel').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** pending -> paid | failed | expired | rejected (paid at the gateway for an order no longer payable). */
    status: text('status').$type<PaymentStatus>().notNull(),
    tradeNo: text('trade_no'),
    returnUrl: text('return_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId),
    uniqueIndex('order_payments_trade_no_idx').on(t.channel, t.tradeNo),
  ],
);

export type OrderPaymentRow = typeof orderPayments.$inferSelect;
