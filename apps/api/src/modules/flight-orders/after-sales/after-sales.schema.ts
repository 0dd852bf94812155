import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DisruptedFlight, DisruptionStatus, DisruptionType } from '@portal/domain/after-sales';
import type { Solution } from '@portal/domain/shopping';
import { createdAt, identityId, minorUnits, timestamptz, uuidId } from '../../../platform/db/columns';
import { flightOrders } from '../flight-orders.schema';
import type { Offer } from '../../shopping/index';

/**
 * One ticket-segment (a passenger on a segment of an order) held by a live change, refund or void
 * order. The partial unique indexes let a ticket-segment be in one live request at a time, whatever
 * the order of concurrent requests and whichever order names its ticket number; a request that ends without effect (rejected, canceled,
 * failed) releases its claims, one that takes effect keeps them (the ticket is gone or replaced).
 */
export const ticketClaims = pgTable(
  'ticket_claims',
  {
    id: identityId(),
    /** The order whose ticket it is (the original, or a change order's new tickets). */
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    passengerId: text('passenger_id').notNull(),
    segmentIndex: integer('segment_index').notNull(),
    /** The ticket of that passenger holding the segment (`ticketOfSegment`); null only without one. */
    ticketNumber: text('ticket_number'),
    afterSalesOrderId: uuid('after_sales_order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'change' | 'refund' | 'void'>().notNull(),
    /** What was paid for this ticket-segment, minor units of the order currency (the cap of money back). */
    paidMinor: minorUnits('paid_minor').notNull(),
    createdAt: createdAt(),
    releasedAt: timestamptz('released_at'),
  },
  (t) => [
    uniqueIndex('ticket_claims_live_idx')
      .on(t.orderId, t.passengerId, t.segmentIndex)
      .where(sql`${t.releasedAt} is null`),
    // The same coupon of one ticket number, whichever order names it (migration 0020).
    uniqueIndex('ticket_claims_live_ticket_idx')
      .on(t.ticketNumber, t.segmentIndex)
      .where(sql`${t.releasedAt} is null and ${t.ticketNumber} is not null`),
    index('ticket_claims_after_sales_idx').on(t.afterSalesOrderId),
  ],
);

/** A supporting document of a change or refund request (spec §5), kept with the order. */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: uuidId(),
    agencyId: integer('agency_id').notNull(),
    /** The order the document was uploaded for (the one the request starts from). */
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    /** The change or refund order it was attached to; null while only uploaded. */
    afterSalesOrderId: uuid('after_sales_order_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Path under the data directory's documents folder. */
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_documents_order_idx').on(t.orderId),
    index('order_documents_after_sales_idx').on(t.afterSalesOrderId),
  ],
);

/** A schedule event a supplier raised on an issued order (spec §3 disruption types). */
export const flightDisruptions = pgTable(
  'flight_disruptions',
  {
    id: uuidId(),
    agencyId: integer('agency_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    type: text('type').$type<DisruptionType>().notNull(),
    segmentIndex: integer('segment_index').notNull(),
    before: jsonb('before').$type<DisruptedFlight>().notNull(),
    /** The new times (change, restore) or the protected flight (cancel_protected); null for a plain cancellation. */
    after: jsonb('after').$type<DisruptedFlight>(),
    /** cancel_protected: the protected itinerary to accept. */
    protection: jsonb('protection').$type<{ solution: Solution; offer: Offer }>(),
    status: text('status').$type<DisruptionStatus>().notNull().default('open'),
    /** The supplier's own id of the event (a repeated notice is stored once). */
    supplierRef: text('supplier_ref').notNull(),
    acknowledgedBy: integer('acknowledged_by'),
    acknowledgedAt: timestamptz('acknowledged_at'),
    /** The refund order asked for instead of the protected flight. */
    refundOrderId: uuid('refund_order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('flight_disruptions_agency_idx').on(t.agencyId, t.createdAt),
    index('flight_disruptions_order_idx').on(t.orderId),
    uniqueIndex('flight_disruptions_supplier_ref_idx').on(t.supplierRef),
  ],
);

export type TicketClaimRow = typeof ticketClaims.$inferSelect;
export type OrderDocumentRow = typeof orderDocuments.$inferSelect;
export type FlightDisruptionRow = typeof flightDisruptions.$inferSelect;
