import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FlightOrderStatus, OrderType, PaymentState } from '@portal/domain/flight-order-status';
import type { OrderPassenger } from '@portal/domain/flight-order';
import type { AfterSalesQuote, AfterSalesSelection } from '@portal/domain/after-sales';
import type { Solution } from '@portal/domain/shopping';
import type { MarkupLeg } from '@portal/domain/wallet-markup';
import { createdAt, identityId, minorUnits, timestamptz, updatedAt, uuidId } from '../../platform/db/columns';
import { orderOwnerColumns } from '../agencies/index';
import type { Offer, SupplierQuoteRef } from '../shopping/index';

/** The booking contact as stored. */
export interface StoredContact {
  name: string;
  email: string;
  phone: { areaCode: string; number: string };
}

/** Price fields in minor units of the order currency (spec §3). */
export interface StoredPrices {
  ticketPriceMinor: number;
  taxMinor: number;
  fuelSurchargeMinor: number;
  airportTaxMinor: number;
  /** Seats and bags bought with the booking (part of the totals, not of the service fee). */
  ancillariesMinor?: number;
  /** Their price per passenger (index) and segment: what a refund or void of that ticket-segment returns. */
  ancillaryShares?: { passengerIndex: number; segmentIndex: number; minor: number }[];
}

/** What a change, refund or void order asked for and what the supplier's desk answered. */
export interface StoredAfterSales {
  selection: AfterSalesSelection;
  refundReason: { value: number; subOption: string | null } | null;
  changeReason: number | null;
  remark: string | null;
  /** Set once the desk has quoted. */
  quote: AfterSalesQuote | null;
  rejectReason: string | null;
  /** The change search the chosen alternative came from (change orders). */
  changeSearchId?: string | null;
  /** The disruption this request answers, if any. */
  disruptionId?: string | null;
  /**
   * The supplier's own quote behind the desk's approval (refunds and changes), given back when
   * the refund or reissue runs: nothing is remembered in the process between the two.
   */
  supplierQuote?: SupplierQuoteRef | null;
}

/**
 * A flight order. An original booking has type `origin`; change, refund and void orders are rows
 * of their own type linked by `originalBookingId` to the order they start from, with
 * `afterSales` holding the request and the desk's quote. For a change, `solution`/`offer` are the
 * new flights and `passengers` the selected passengers; for a refund or void they are copied from
 * the order they act on.
 */
export const flightOrders = pgTable(
  'flight_orders',
  {
    id: uuidId(),
    bookingNumber: text('booking_number').notNull(),
    ...orderOwnerColumns(),
    type: text('type').$type<OrderType>().notNull().default('origin'),
    status: text('status').$type<FlightOrderStatus>().notNull(),
    supplier: text('supplier').notNull(),
    solutionId: text('solution_id').notNull(),
    solution: jsonb('solution').$type<Solution>().notNull(),
    offer: jsonb('offer').$type<Offer>().notNull(),
    passengers: jsonb('passengers').$type<OrderPassenger[]>().notNull(),
    contact: jsonb('contact').$type<StoredContact>().notNull(),
    remark: text('remark'),
    currency: text('currency').notNull(),
    saleTotalMinor: minorUnits('sale_total_minor').notNull(),
    orderTotalMinor: minorUnits('order_total_minor').notNull(),
    costMinor: minorUnits('cost_minor').notNull(),
    costCurrency: text('cost_currency').notNull(),
    prices: jsonb('prices').$type<StoredPrices>().notNull(),
    /** What each ancestor agency earns when the order is paid (the price chain's split; wallet). */
    markupLegs: jsonb('markup_legs').$type<MarkupLeg[]>().notNull().default([]),
    /** Searchable text: passenger names, flight numbers, ticket numbers (upper case). */
    passengerNames: text('passenger_names').notNull().default(''),
    flightNumbers: text('flight_numbers').notNull().default(''),
    ticketNumbers: text('ticket_numbers').notNull().default(''),
    airline: text('airline').notNull(),
    departureAt: timestamptz('departure_at').notNull(),
    pnr: text('pnr'),
    paymentState: text('payment_state').$type<PaymentState>().notNull().default('unpaid'),
    paymentChannel: text('payment_channel'),
    paidAt: timestamptz('paid_at'),
    paymentDeadline: timestamptz('payment_deadline'),
    ticketingTier: text('ticketing_tier').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    originalBookingId: uuid('original_booking_id'),
    afterSales: jsonb('after_sales').$type<StoredAfterSales>(),
    /** When tickets were issued (the void window counts from here). */
    issuedAt: timestamptz('issued_at'),
    /** The void window's end (`voidWindowEnd`), set at issue. */
    voidDeadline: timestamptz('void_deadline'),
    /** Refund orders: confirm before this (rfd_to_be_confirm). */
    confirmDeadline: timestamptz('confirm_deadline'),
    /** Booked although it may duplicate another booking (`@portal/domain/duplicate-booking`): the agent's reason. */
    duplicateReason: text('duplicate_reason'),
  },
  (t) => [
    uniqueIndex('flight_orders_booking_number_idx').on(t.bookingNumber),
    // The list's default order (newest first, id breaking ties). The type, last, is the list's
    // filter: a page and the capped count read this index only, never the table's wide rows (0044).
    index('flight_orders_agency_created_id_idx').on(t.agencyId, t.createdAt, t.id, t.type),
    // A part of a booking number (`ilike '%…%'`): trigrams instead of reading every order.
    index('flight_orders_booking_number_trgm_idx').using('gin', t.bookingNumber.op('gin_trgm_ops')),
    // A status tab (with a date range) and "only show own orders", in the list's order
    // (migration 0031): the page is read from the index, not filtered out of the agency's rows;
    // each with the type last, as above.
    index('flight_orders_agency_status_created_id_idx').on(t.agencyId, t.status, t.createdAt, t.id, t.type),
    // The capped count of a status (tabs, a status tab's total, migration 0039): one deduplicated
    // entry list per status, counted in about half the time of the wider index's entries.
    index('flight_orders_agency_status_idx').on(t.agencyId, t.status),
    index('flight_orders_agency_user_created_id_idx').on(t.agencyId, t.userId, t.createdAt, t.id, t.type),
    index('flight_orders_agency_user_status_created_id_idx').on(
      t.agencyId,
      t.userId,
      t.status,
      t.createdAt,
      t.id,
      t.type,
    ),
    // Part of a passenger name, flight number, ticket number or contact (`ilike '%…%'`).
    index('flight_orders_passenger_names_trgm_idx').using('gin', t.passengerNames.op('gin_trgm_ops')),
    index('flight_orders_flight_numbers_trgm_idx').using('gin', t.flightNumbers.op('gin_trgm_ops')),
    index('flight_orders_ticket_numbers_trgm_idx').using('gin', t.ticketNumbers.op('gin_trgm_ops')),
    index('flight_orders_contact_name_trgm_idx').using('gin', sql`(${t.contact}->>'name') gin_trgm_ops`),
    index('flight_orders_contact_email_trgm_idx').using('gin', sql`(${t.contact}->>'email') gin_trgm_ops`),
    index('flight_orders_contact_phone_trgm_idx').using(
      'gin',
      sql`(${t.contact}->'phone'->>'number') gin_trgm_ops`,
    ),
    // The list's PNR search (exact match within the agency).
    index('flight_orders_agency_pnr_idx').on(t.agencyId, t.pnr),
    index('flight_orders_original_idx').on(t.originalBookingId),
    // Booking records departing up to a day (`departure_at <` its end): when few orders departed
    // that early, they are found here instead of in all the agency's ticketed orders (0034).
    index('flight_orders_agency_departure_idx').on(t.agencyId, t.departureAt),
    index('flight_orders_deadline_idx')
      .on(t.paymentDeadline)
      .where(sql`${t.status} = 'to_be_paid'`),
  ],
);

/** The status timeline of an order. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: identityId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<FlightOrderStatus>(),
    toStatus: text('to_status').$type<FlightOrderStatus>().notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Every ticket number issued on a flight order: by ticketing on an original, by reissue on a
 * change order (the new numbers; the replaced ones stay with the order they were issued on).
 * The primary key makes a number issued once in the database, whatever the supplier answers;
 * refund and void orders copy their original's passengers and hold no tickets of their own.
 */
export const flightTickets = pgTable(
  'flight_tickets',
  {
    ticketNumber: text('ticket_number').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    passengerId: text('passenger_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('flight_tickets_order_idx').on(t.orderId)],
);

/**
 * The number of orders per agency, status and UTC day of booking (migration 0041), kept by the
 * database's triggers with every insert, status change and delete of an order, at its commit: the
 * order list's exact counts read whole days here (`order-daily-counts.ts`).
 */
export const orderDailyCounts = pgTable(
  'order_daily_counts',
  {
    agencyId: integer('agency_id').notNull(),
    status: text('status').$type<FlightOrderStatus>().notNull(),
    /** The UTC day's first instant (UTC midnight). */
    day: timestamptz('day').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_daily_counts_pkey', columns: [t.agencyId, t.status, t.day] }),
    // No index holds `orders` (migration 0041): a count's rewrite stays a heap-only update.
    index('order_daily_counts_agency_day_idx').on(t.agencyId, t.day),
  ],
);

export type FlightOrderRow = typeof flightOrders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
