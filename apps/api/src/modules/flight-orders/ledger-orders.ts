import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVOICE_TYPES, type InvoiceType } from '@portal/domain/shopping';
import type { LedgerOrderSource } from '../wallet/index';
import { flightOrders } from './flight-orders.schema';
import { isUuid } from '@portal/domain/text-checks';

/** The order an after-sales order was made on (`originalBookingId`), joined by its primary key. */
const original = alias(flightOrders, 'original_order');

/** Flight orders (every type) as the wallet's entry lists name them (registered in `app.ts`). */
export const flightLedgerOrders: LedgerOrderSource = {
  async idsByBookingNumber(db, agencyId, numbers) {
    const rows = await db
      .select({ id: flightOrders.id })
      .from(flightOrders)
      .where(and(eq(flightOrders.agencyId, agencyId), inArray(flightOrders.bookingNumber, [...numbers])));
    return rows.map((r) => r.id);
  },
  async afterSalesIds(db, agencyId, ids) {
    const uuids = ids.filter((id) => isUuid(id));
    if (uuids.length === 0) return [];
    const rows = await db
      .select({ id: flightOrders.id })
      .from(flightOrders)
      .where(and(eq(flightOrders.agencyId, agencyId), inArray(flightOrders.originalBookingId, uuids)));
    return rows.map((r) => r.id);
  },
  ordersOf(agencyId, ids) {
    return sql`select 'flight'::text as kind, ${flightOrders.id} as id, ${flightOrders.bookingNumber} as booking_number,
        ${flightOrders.type} as flight_type, ${original.id} as original_id, ${original.bookingNumber} as original_number
      from ${flightOrders} left join ${flightOrders} ${original} on ${original.id} = ${flightOrders.originalBookingId}
        and ${original.agencyId} = ${flightOrders.agencyId}
      where ${flightOrders.agencyId} = ${agencyId} and ${flightOrders.id} = any(array(${ids}))`;
  },
  async invoiceTypes(db, agencyId, ids) {
    const rows = await db
      .select({
        id: flightOrders.id,
        invoiceType: sql<string | null>`${flightOrders.solution}->'restrictions'->>'invoiceType'`,
      })
      .from(flightOrders)
      .where(and(eq(flightOrders.agencyId, agencyId), inArray(flightOrders.id, [...ids])));
    const map = new Map<string, InvoiceType>();
    for (const row of rows) {
      const type = INVOICE_TYPES.find((t) => t === row.invoiceType);
      if (type) map.set(row.id, type);
    }
    return map;
  },
};
