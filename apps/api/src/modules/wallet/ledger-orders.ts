import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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

/** A row of `LedgerOrderSource.ordersOf`, as the driver answers it. */
export interface LineOrderRow {
  kind: LineOrder['kind'];
  id: string;
  booking_number: string;
  /** A flight order's type; null for other kinds. */
  flight_type: OrderType | null;
  /** The order a flight change, refund or void order was made on (its id and number), else null. */
  original_id: string | null;
  original_number: string | null;
}

/** The order of a `LineOrderRow`. */
export function lineOrderOf(row: LineOrderRow): LineOrder {
  if (row.kind !== 'flight') return { kind: row.kind, id: row.id, bookingNumber: row.booking_number };
  return {
    kind: 'flight',
    id: row.id,
    bookingNumber: row.booking_number,
    flightType: row.flight_type ?? 'origin',
    original:
      row.original_id && row.original_number
        ? { id: row.original_id, bookingNumber: row.original_number }
        : null,
  };
}

/**
 * One order kind's answers to the wallet's lists (port): the order modules live above the wallet,
 * so each registers one of these in `app.ts` and the wallet reads their tables only through it.
 * Every answer is limited to the agency's own orders, looked up by unique index or primary key.
 */
export interface LedgerOrderSource {
  /** Ids of the agency's orders whose booking number is one of `numbers`. */
  idsByBookingNumber(db: Db, agencyId: number, numbers: readonly string[]): Promise<string[]>;
  /**
   * A select of the agency's orders whose id is among `ids` (a subquery of uuids, read once as an
   * array so that each is found by primary key; `agencyId` a number or a prepared statement's
   * placeholder), with the columns of `LineOrderRow` in its order (`kind, id, booking_number, flight_type, original_id,
   * original_number`): the entry lists join it in the statement that reads their page, so a page
   * makes one round trip whatever order kinds it names.
   */
  ordersOf(agencyId: number | Placeholder, ids: SQL): SQL;
  /** Ids of the agency's after-sales orders (refund, void, change) made on one of `ids`. */
  afterSalesIds?(db: Db, agencyId: number, ids: readonly string[]): Promise<string[]>;
  /** The fare's invoice type of the agency's orders among `ids` (flight orders have one). */
  invoiceTypes?(db: Db, agencyId: number, ids: readonly string[]): Promise<Map<string, InvoiceType>>;
}

/** Every registered order kind, asked one after another (`db` may be a one-connection transaction). */
export interface LedgerOrders {
  /** Ids of the orders of `numbers`, and of the after-sales orders made on them. */
  idsByBookingNumber(db: Db, agencyId: number, numbers: readonly string[]): Promise<string[]>;
  /**
   * Every order kind's `ordersOf` as one select (`union all`), each row with the `rank` of its
   * source (the first registered wins an id two kinds would both have).
   */
  ordersOf(agencyId: number | Placeholder, ids: SQL): SQL;
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
    ordersOf(agencyId, ids) {
      const selects = sources.map(
        (source, rank) =>
          sql`select ${sql.raw(String(rank))} as rank, s.* from (${source.ordersOf(agencyId, ids)}) s`,
      );
      return sql.join(selects, sql` union all `);
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
