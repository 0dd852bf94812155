import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ShoppingRequest, Solution } from '@portal/domain/shopping';
import { createdAt } from '../../platform/db/columns';
import type { Offer } from './suppliers/supplier';

/** A flight search (async shopping or accurate search); expires with the quotation validity. */
export const searches = pgTable(
  'searches',
  {
    id: text('id').primaryKey(),
    agencyId: integer('agency_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull().default('shopping'),
    request: jsonb('request').$type<ShoppingRequest | Record<string, unknown>>().notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('searches_agency_idx').on(t.agencyId, t.createdAt),
    index('searches_created_idx').on(t.createdAt),
  ],
);

/** Progress of one supplier in a search. */
export const searchSuppliers = pgTable(
  'search_suppliers',
  {
    searchId: text('search_id')
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    status: text('status').notNull().default('pending'),
    count: integer('count').notNull().default(0),
    elapsedMs: integer('elapsed_ms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.supplier] })],
);

/** A priced solution of a search: the presented Solution plus the supplier's offer to verify. */
export const solutions = pgTable(
  'solutions',
  {
    id: text('id').primaryKey(),
    searchId: text('search_id')
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').notNull(),
    supplier: text('supplier').notNull(),
    /** Same flights, dates, cabin and fare family: merged across suppliers (cheapest kept). */
    dedupeKey: text('dedupe_key').notNull(),
    /** Same flights, dates and cabin (fare families of one itinerary share it). */
    flightsKey: text('flights_key').notNull(),
    payload: jsonb('payload').$type<Solution>().notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    offer: jsonb('offer').$type<Offer>().notNull(),
    /** False for rows made by the price check (not listed in the search). */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('solutions_search_idx').on(t.searchId), index('solutions_agency_idx').on(t.agencyId)],
);

/** Look-to-book counters per agency and day. */
export const lookToBook = pgTable(
  'look_to_book',
  {
    agencyId: integer('agency_id').notNull(),
    day: text('day').notNull(),
    searches: integer('searches').notNull().default(0),
    bookings: integer('bookings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.day] })],
);

export type SearchRow = typeof searches.$inferSelect;
export type SolutionRow = typeof solutions.$inferSelect;
