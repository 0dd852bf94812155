import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db/columns';
import { flightOrders } from '../flight-orders/index';

/** A passenger as a booking record shows it. */
export interface RecordPassenger {
  id: string;
  surname: string;
  given_names: string;
  type: string;
}

/**
 * One booking record: a passenger on a (flattened) segment of a ticketed order (an original
 * `issued`, a change `changed`). Written by the database, never by the API: statement-level
 * triggers on `flight_orders` (migration 0038) rewrite an order's rows in the statement that
 * inserts it or changes its status, passengers, flights or owner, so the list reads rows instead
 * of expanding each order's JSON. The order's columns it is listed and scoped by are copied.
 */
export const bookingRecords = pgTable(
  'booking_records',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    /** The passenger's place in the order, from 1. */
    passengerNumber: integer('passenger_number').notNull(),
    /** The segment's place across the order's legs, from 0. */
    segmentIndex: integer('segment_index').notNull(),
    agencyId: integer('agency_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The order's booking time (the list's order). */
    createdAt: timestamptz('created_at').notNull(),
    bookingNumber: text('booking_number').notNull(),
    orderType: text('order_type').notNull(),
    pnr: text('pnr'),
    passengerId: text('passenger_id').notNull(),
    passenger: jsonb('passenger').$type<RecordPassenger>().notNull(),
    /** `SURNAME/GIVEN NAMES`, upper case (searched by part). */
    passengerName: text('passenger_name').notNull(),
    ticketNumber: text('ticket_number'),
    /** The ticket number without dashes, upper case (searched by part). */
    ticketSearch: text('ticket_search'),
    segment: jsonb('segment').notNull(),
    /** Carrier and number (`CA1501`), upper case (searched by part). */
    flightNumber: text('flight_number').notNull(),
    /** The local departure date, `YYYY-MM-DD`. */
    departureDate: text('departure_date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.passengerNumber, t.segmentIndex], name: 'booking_records_pkey' }),
    index('booking_records_agency_list_idx').on(
      t.agencyId,
      t.createdAt.desc(),
      t.orderId.desc(),
      t.passengerNumber,
      t.segmentIndex,
    ),
    index('booking_records_agency_user_list_idx').on(
      t.agencyId,
      t.userId,
      t.createdAt.desc(),
      t.orderId.desc(),
      t.passengerNumber,
      t.segmentIndex,
    ),
    index('booking_records_agency_departure_idx').on(t.agencyId, t.departureDate),
    index('booking_records_passenger_name_trgm_idx').using('gin', t.passengerName.op('gin_trgm_ops')),
    index('booking_records_ticket_search_trgm_idx').using('gin', t.ticketSearch.op('gin_trgm_ops')),
    index('booking_records_flight_number_trgm_idx').using('gin', t.flightNumber.op('gin_trgm_ops')),
  ],
);
