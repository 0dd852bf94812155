import { and, eq, inArray } from 'drizzle-orm';
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
  async ordersByIds(db, agencyId, ids) {
    const rows = await db
      .select({ id: trainOrders.id, bookingNumber: trainOrders.bookingNumber })
      .from(trainOrders)
      .where(and(eq(trainOrders.agencyId, agencyId), inArray(trainOrders.id, [...ids])));
    return rows.map((r) => ({ kind: 'train', id: r.id, bookingNumber: r.bookingNumber }));
  },
};
