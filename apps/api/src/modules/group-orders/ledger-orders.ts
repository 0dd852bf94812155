import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerOrderSource } from '../wallet/index';
import { groupOrders } from './group-orders.schema';

/** Group orders as the wallet's entry lists name them (registered in `app.ts`). */
export const groupLedgerOrders: LedgerOrderSource = {
  async idsByBookingNumber(db, agencyId, numbers) {
    const rows = await db
      .select({ id: groupOrders.id })
      .from(groupOrders)
      .where(and(eq(groupOrders.agencyId, agencyId), inArray(groupOrders.bookingNumber, [...numbers])));
    return rows.map((r) => r.id);
  },
  ordersOf(agencyId, ids) {
    return sql`select 'group'::text as kind, ${groupOrders.id} as id, ${groupOrders.bookingNumber} as booking_number,
        null::text as flight_type, null::uuid as original_id, null::text as original_number
      from ${groupOrders} where ${groupOrders.agencyId} = ${agencyId} and ${groupOrders.id} = any(array(${ids}))`;
  },
};
