import { and, eq, inArray } from 'drizzle-orm';
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
  async ordersByIds(db, agencyId, ids) {
    const rows = await db
      .select({ id: groupOrders.id, bookingNumber: groupOrders.bookingNumber })
      .from(groupOrders)
      .where(and(eq(groupOrders.agencyId, agencyId), inArray(groupOrders.id, [...ids])));
    return rows.map((r) => ({ kind: 'group', id: r.id, bookingNumber: r.bookingNumber }));
  },
};
