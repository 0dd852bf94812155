import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerOrderSource } from '../wallet/index';
import { trainOrders } from './train-orders.schema';

/** Train orders as the wallet's entry lists name them (registered in `app.ts`). */
export const trainLedgerOrders: LedgerOrderSource = {
  async idsByBookingNumber(db, agencyId, numbers) {
    const rows = await db
      .select({ id: trainOrders.id })
      .from(trainOrders)
      .where(and(eq(trainOrders.agencyId, agencyId), inArray(trainOrders.bookingNumber, [...numbers])));
    return rows.map((r) => r.id);
  },
  ordersOf(agencyId, ids) {
    return sql`select 'train'::text as kind, ${trainOrders.id} as id, ${trainOrders.bookingNumber} as booking_number,
        null::text as flight_type, null::uuid as original_id, null::text as original_number
      from ${trainOrders} where ${trainOrders.agencyId} = ${agencyId} and ${trainOrders.id} = any(array(${ids}))`;
  },
};
