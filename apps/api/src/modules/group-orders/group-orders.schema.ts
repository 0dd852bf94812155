import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  CreateGroupOrderBody,
  GroupFailureReason,
  GroupQuoteFlight,
  GroupQuoteState,
  GroupTimelineEvent,
} from '@portal/domain/group-order';
import type { GroupOrderStatus, InstalmentKind } from '@portal/domain/group-order-status';
import type { BaggageRule, PassengerType } from '@portal/domain/shopping';
import { createdAt, identityId, minorUnits, timestamptz, updatedAt, uuidId } from '../../platform/db/columns';
import { orderOwnerColumns } from '../agencies/index';

/** A quote's fare per passenger type, in minor units of the order currency. */
export interface StoredGroupFare {
  passengerType: PassengerType;
  count: number;
  fareMinor: number;
  taxesMinor: number;
}

/** Tickets issued per passenger of the confirmed list. */
export interface StoredGroupTicket {
  passengerId: string;
  name: string;
  passengerType: PassengerType;
  ticketNumbers: string[];
}

/**
 * A group flight request and the order it becomes (spec §3 group booking and group order). The
 * request is kept as sent; quotes, instalments and the timeline are rows of their own.
 */
export const groupOrders = pgTable(
  'group_orders',
  {
    id: uuidId(),
    bookingNumber: text('booking_number').notNull(),
    ...orderOwnerColumns(),
    status: text('status').$type<GroupOrderStatus>().notNull(),
    request: jsonb('request').$type<CreateGroupOrderBody>().notNull(),
    /** The agency's settlement currency when the request was made: quotes and payments use it. */
    currency: text('currency').notNull(),
    /** The agency's time zone the desk counts business days in (see docs/group-flights.md). */
    timeZone: text('time_zone').notNull(),
    /** The desk that answers this request (its adapter name). */
    desk: text('desk').notNull(),
    pickedQuoteId: uuid('picked_quote_id'),
    /** Copied from the picked quote. */
    confirmBy: timestamptz('confirm_by'),
    passengerListDeadline: timestamptz('passenger_list_deadline'),
    failureReason: text('failure_reason').$type<GroupFailureReason>(),
    cancelReason: text('cancel_reason'),
    tickets: jsonb('tickets').$type<StoredGroupTicket[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_orders_booking_number_idx').on(t.bookingNumber),
    index('group_orders_agency_created_idx').on(t.agencyId, t.createdAt, t.id),
    index('group_orders_agency_status_idx').on(t.agencyId, t.status),
  ],
);

/** One quote of the desk. A re-quote withdraws the open ones and adds new rows. */
export const groupQuotes = pgTable(
  'group_quotes',
  {
    id: uuidId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    state: text('state').$type<GroupQuoteState>().notNull().default('open'),
    flights: jsonb('flights').$type<GroupQuoteFlight[]>().notNull(),
    fares: jsonb('fares').$type<StoredGroupFare[]>().notNull(),
    baggage: jsonb('baggage').$type<BaggageRule[]>().notNull(),
    totalMinor: minorUnits('total_minor').notNull(),
    confirmBy: timestamptz('confirm_by').notNull(),
    passengerListDeadline: timestamptz('passenger_list_deadline').notNull(),
    /** The plan: `[{n, kind, amountMinor, deadline}]`, copied to `group_instalments` on the pick. */
    plan: jsonb('plan')
      .$type<{ n: number; kind: InstalmentKind; amountMinor: number; deadline: string }[]>()
      .notNull(),
    quotedAt: timestamptz('quoted_at').notNull(),
  },
  (t) => [index('group_quotes_order_idx').on(t.orderId, t.quotedAt)],
);

/**
 * The instalments of the picked quote, one row each. A payment sets `paid_at`, the reference and
 * the ledger entry in one guarded update; the unique ledger entry and the check that a paid row
 * names its entry mean an instalment can never be paid twice.
 */
export const groupInstalments = pgTable(
  'group_instalments',
  {
    id: identityId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    kind: text('kind').$type<InstalmentKind>().notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    deadline: timestamptz('deadline').notNull(),
    paidAt: timestamptz('paid_at'),
    channel: text('channel'),
    paymentReference: text('payment_reference'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    /** Set when the order failed with this instalment unpaid. */
    missedAt: timestamptz('missed_at'),
  },
  (t) => [
    uniqueIndex('group_instalments_order_n_idx').on(t.orderId, t.n),
    uniqueIndex('group_instalments_ledger_entry_idx').on(t.ledgerEntryId),
    check('group_instalments_paid_has_entry', sql`(${t.paidAt} is null) = (${t.ledgerEntryId} is null)`),
  ],
);

/** The timeline of a group order. */
export const groupOrderEvents = pgTable(
  'group_order_events',
  {
    id: identityId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    event: text('event').$type<GroupTimelineEvent>().notNull(),
    status: text('status').$type<GroupOrderStatus>().notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('group_order_events_order_idx').on(t.orderId, t.id)],
);

export type GroupOrderRow = typeof groupOrders.$inferSelect;
export type GroupQuoteRow = typeof groupQuotes.$inferSelect;
export type GroupInstalmentRow = typeof groupInstalments.$inferSelect;
export type GroupOrderEventRow = typeof groupOrderEvents.$inferSelect;
