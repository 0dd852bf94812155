import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DocumentType } from '@portal/domain/document-types';
import type { PassengerType } from '@portal/domain/shopping';
import { agencies } from '../../agencies/index';
import { users } from '../../users/index';

/**
 * The passenger list of a group order: one row per passenger of the last valid upload (a new
 * valid upload replaces every row). `confirmed_at` is set on every row at once when the agent
 * confirms the list; from then on the list cannot change (spec §4).
 */
export const groupPassengers = pgTable(
  'group_passengers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The group order (`group_orders.id`). */
    orderId: uuid('order_id').notNull(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The passenger's position in the list, 1-based (the sheet row minus the header). */
    position: integer('position').notNull(),
    type: text('type').$type<PassengerType>().notNull(),
    surname: text('surname').notNull(),
    givenNames: text('given_names').notNull(),
    gender: text('gender').$type<'male' | 'female'>().notNull(),
    /** `YYYY-MM-DD`. */
    birthday: text('birthday').notNull(),
    /** ISO 3166-1 alpha-2. */
    nationality: text('nationality').notNull(),
    /** One of the ten interface document types. */
    documentType: text('document_type').$type<DocumentType>().notNull(),
    /** Normalized (upper case, no spaces). */
    documentNumber: text('document_number').notNull(),
    /** `YYYY-MM-DD`. */
    documentExpiry: text('document_expiry').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('group_passengers_order_position_idx').on(t.orderId, t.position),
    index('group_passengers_agency_idx').on(t.agencyId),
  ],
);

export type GroupPassengerRow = typeof groupPassengers.$inferSelect;
