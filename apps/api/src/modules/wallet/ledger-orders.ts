import type { OrderType } from '@portal/domain/flight-order-status';
import type { InvoiceType } from '@portal/domain/shopping';
import type { Db } from '../../platform/db';

/** The order an entry line belongs to, read by its primary key. */
export type LineOrder =
  | {
      kind: 'flight';
      id: string;
      bookingNumber: string;
      flightType: OrderType;
      /** The order a change, refund or void order was made on; null for an origin order. */
      original: { id: string; bookingNumber: string } | null;
    }
  | { kind: 'group' | 'train'; id: string; bookingNumber: string };

/**
 * One order kind's answers to the wallet's lists (port): the order modules live above the wallet,
 * so each registers one of these in `app.ts` and the wallet reads their tables only through it.
 * Every answer is limited to the agency's own orders, looked up by unique index or primary key.
 */
export interface LedgerOrderSource {
  /** Ids of the agency's orders whose booking number is one of `numbers`. */
  idsByBookingNumber(db: Db, agencyId: number, numbers: readonly string[]): Promise<string[]>;
  /** The agency's orders among `ids` (uuids). */
  ordersByIds(db: Db, agencyId: number, ids: readonly string[]): Promise<LineOrder[]>;
  /** Ids of the agency's after-sales orders (refund, void, change) made on one of `ids`. */
  afterSalesIds?(db: Db, agencyId: number, ids: readonly string[]): Promise<string[]>;
  /** The fare's invoice type of the agency's orders among `ids` (flight orders have one). */
  invoiceTypes?(db: Db, agencyId: number, ids: readonly string[]): Promise<Map<string, InvoiceType>>;
}

/** Every registered order kind, asked one after another (`db` may be a one-connection transaction). */
export interface LedgerOrders {
  /** Ids of the orders of `numbers`, and of the after-sales orders made on them. */
  idsByBookingNumber(db: Db, agencyId: number, numbers: readonly string[]): Promise<string[]>;
  ordersByIds(db: Db, agencyId: number, ids: readonly string[]): Promise<Map<string, LineOrder>>;
  invoiceTypes(db: Db, agencyId: number, ids: readonly string[]): Promise<Map<string, InvoiceType>>;
}

export function ledgerOrdersOf(sources: readonly LedgerOrderSource[]): LedgerOrders {
  return {
    async idsByBookingNumber(db, agencyId, numbers) {
      const ids: string[] = [];
      if (numbers.length === 0) return ids;
      for (const source of sources) ids.push(...(await source.idsByBookingNumber(db, agencyId, numbers)));
      if (ids.length === 0) return ids;
      const found = [...ids];
      for (const source of sources) found.push(...((await source.afterSalesIds?.(db, agencyId, ids)) ?? []));
      return found;
    },
    async ordersByIds(db, agencyId, ids) {
      const found = new Map<string, LineOrder>();
      if (ids.length === 0) return found;
      for (const source of sources) {
        for (const order of await source.ordersByIds(db, agencyId, ids)) {
          if (!found.has(order.id)) found.set(order.id, order);
        }
      }
      return found;
    },
    async invoiceTypes(db, agencyId, ids) {
      const found = new Map<string, InvoiceType>();
      if (ids.length === 0) return found;
      for (const source of sources) {
        if (!source.invoiceTypes) continue;
        for (const [id, type] of await source.invoiceTypes(db, agencyId, ids)) found.set(id, type);
      }
      return found;
    },
  };
}
