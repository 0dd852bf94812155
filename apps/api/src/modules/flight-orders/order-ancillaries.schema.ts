import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ANCILLARY_KINDS } from '@portal/domain/ancillaries';
import { createdAt, minorUnits, uuidId } from '../../platform/db/columns';
import { flightOrders } from './flight-orders.schema';

/** A line's life: `pending` until its purchase is paid and confirmed; then booked, refunded or voided. */
export type AncillaryRowStatus = 'pending' | 'booked' | 'refunded' | 'voided' | 'replaced' | 'failed';

/**
 * Seats and bags of a flight order (docs/ancillaries.md): one row per seat (passenger and
 * segment) or bag line (passenger and service). `orderId` is the original booking; a seat or bag
 * bought after issue also names its purchase order.
 */
export const flightOrderAncillaries = pgTable(
  'flight_order_ancillaries',
  {
    id: uuidId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => flightOrders.id, { onDelete: 'cascade' }),
    purchaseOrderId: uuid('purchase_order_id'),
    passengerIndex: integer('passenger_index').notNull(),
    kind: text('kind').$type<(typeof ANCILLARY_KINDS)[number]>().notNull(),
    segmentIndexes: jsonb('segment_indexes').$type<number[]>().notNull(),
    designator: text('designator'),
    serviceId: text('service_id'),
    quantity: integer('quantity').notNull().default(1),
    weightKg: integer('weight_kg'),
    /** What the agency pays, minor units of the order currency. */
    currency: text('currency').notNull(),
    priceMinor: minorUnits('price_minor').notNull(),
    /** What the supplier charges, minor units of the offer currency. */
    costCurrency: text('cost_currency').notNull(),
    costMinor: minorUnits('cost_minor').notNull(),
    status: text('status').$type<AncillaryRowStatus>().notNull().default('booked'),
    createdAt: createdAt(),
  },
  (t) => [
    index('flight_order_ancillaries_order_idx').on(t.orderId),
    index('flight_order_ancillaries_purchase_idx')
      .on(t.purchaseOrderId)
      .where(sql`${t.purchaseOrderId} IS NOT NULL`),
  ],
);

export type AncillaryRow = typeof flightOrderAncillaries.$inferSelect;
export type NewAncillaryRow = typeof flightOrderAncillaries.$inferInsert;
