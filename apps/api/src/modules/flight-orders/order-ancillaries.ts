import type { AfterSalesSelection } from '@portal/domain/after-sales';
import type { OrderAncillary } from '@portal/domain/ancillaries';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { jsonRowSql, rowsFromJson } from '../../platform/db/json-rows';
import type { AncillaryOffer, ConfirmedAncillaries } from '../shopping/index';
import {
  type AncillaryRow,
  type AncillaryRowStatus,
  flightOrderAncillaries,
  type NewAncillaryRow,
} from './order-ancillaries.schema';

/** The lines of a confirmation before they are saved: the order and purchase ids are added then. */
export type AncillaryLine = Omit<NewAncillaryRow, 'orderId' | 'id'>;

/**
 * The order lines of what a supplier confirmed, priced in the order currency by `pricing` (the
 * conversion of solution prices); the cost stays in the offer currency.
 */
export function linesOf(
  confirmed: ConfirmedAncillaries | undefined,
  pricing: Pick<AncillaryOffer, 'currency' | 'convert'>,
  costCurrency: string,
  status: AncillaryRowStatus,
): AncillaryLine[] {
  if (!confirmed) return [];
  const base = { currency: pricing.currency, costCurrency, status };
  return [
    ...confirmed.seats.map((s) => ({
      ...base,
      passengerIndex: s.passengerIndex,
      kind: 'seat' as const,
      segmentIndexes: [s.segmentIndex],
      designator: s.designator,
      serviceId: null,
      quantity: 1,
      weightKg: null,
      priceMinor: pricing.convert(s.priceMinor),
      costMinor: s.priceMinor,
    })),
    ...confirmed.bags.map((b) => ({
      ...base,
      passengerIndex: b.passengerIndex,
      kind: 'bag' as const,
      segmentIndexes: [...b.segmentIndexes],
      designator: null,
      serviceId: b.serviceId,
      quantity: b.quantity,
      weightKg: b.weightKg,
      priceMinor: pricing.convert(b.priceMinor),
      costMinor: b.priceMinor,
    })),
  ];
}

/**
 * The price of each line per passenger and segment: a seat on its segment, a bag split evenly over
 * the segments it covers (whole minor units, the earlier segments take the odd ones).
 */
export function sharesOf(
  lines: readonly Pick<AncillaryLine, 'passengerIndex' | 'segmentIndexes' | 'priceMinor'>[],
): { passengerIndex: number; segmentIndex: number; minor: number }[] {
  return lines.flatMap((l) => {
    const n = l.segmentIndexes.length;
    if (n === 0) return [];
    const base = Math.floor(l.priceMinor / n);
    const odd = l.priceMinor - base * n;
    return l.segmentIndexes.map((segmentIndex, i) => ({
      passengerIndex: l.passengerIndex,
      segmentIndex,
      minor: base + (i < odd ? 1 : 0),
    }));
  });
}

/** Sum of the lines' prices (order currency) and costs (offer currency). */
export function totalsOf(lines: readonly Pick<AncillaryLine, 'priceMinor' | 'costMinor'>[]): {
  priceMinor: number;
  costMinor: number;
} {
  return lines.reduce(
    (sum, l) => ({ priceMinor: sum.priceMinor + l.priceMinor, costMinor: sum.costMinor + l.costMinor }),
    { priceMinor: 0, costMinor: 0 },
  );
}

/** Saves `lines` on the original order `orderId` (and the purchase order that bought them). */
export async function insertAncillaries(
  tx: Db,
  orderId: string,
  lines: readonly AncillaryLine[],
  purchaseOrderId: string | null = null,
): Promise<AncillaryRow[]> {
  if (lines.length === 0) return [];
  return tx
    .insert(flightOrderAncillaries)
    .values(lines.map((l) => ({ ...l, orderId, purchaseOrderId })))
    .returning();
}

/** The seats and bags of orders (by original order), oldest first. */
export async function ancillariesOf(db: Db, orderIds: readonly string[]): Promise<AncillaryRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(flightOrderAncillaries)
    .where(inArray(flightOrderAncillaries.orderId, [...orderIds]));
  return oldestFirst(rows);
}

const oldestFirst = (rows: AncillaryRow[]) =>
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

/**
 * `ancillariesOf` one order as a scalar subquery (a JSON array, null for none), for a statement
 * that reads more (`orderId` a value or SQL); `ancillariesFrom` reads it.
 */
export function ancillariesSql(orderId: string | SQL): SQL {
  return sql`(select json_agg(${jsonRowSql(flightOrderAncillaries, 'a')}) from ${flightOrderAncillaries} a
    where a.order_id = ${orderId})`;
}

/** The seats and bags `ancillariesSql` read, oldest first. */
export const ancillariesFrom = (value: unknown): AncillaryRow[] =>
  oldestFirst(rowsFromJson(flightOrderAncillaries, value));

/** The lines a purchase order bought. */
export async function purchaseLines(db: Db, purchaseOrderId: string): Promise<AncillaryRow[]> {
  return db
    .select()
    .from(flightOrderAncillaries)
    .where(eq(flightOrderAncillaries.purchaseOrderId, purchaseOrderId));
}

/** Moves the lines of `orderId` in `from` to `to` (a void, a refund, a purchase confirmed). */
export async function setAncillaryStatus(
  tx: Db,
  where: { orderId?: string; purchaseOrderId?: string; ids?: readonly string[] },
  from: AncillaryRowStatus,
  to: AncillaryRowStatus,
): Promise<AncillaryRow[]> {
  const conditions = [eq(flightOrderAncillaries.status, from)];
  if (where.orderId) conditions.push(eq(flightOrderAncillaries.orderId, where.orderId));
  if (where.purchaseOrderId)
    conditions.push(eq(flightOrderAncillaries.purchaseOrderId, where.purchaseOrderId));
  if (where.ids) conditions.push(inArray(flightOrderAncillaries.id, [...where.ids]));
  return tx
    .update(flightOrderAncillaries)
    .set({ status: to })
    .where(and(...conditions))
    .returning();
}

/**
 * A refund or void order credited: the original's booked seats and bags of its passengers whose
 * every segment it covers move to `to`, those bought with the booking (their price was in the
 * credited ticket-segments) and those bought after issue (returned by `returnPurchasedLines`).
 * Answers the lines moved.
 */
export async function settleAncillaries(
  tx: Db,
  afterSales: { originalBookingId: string | null; afterSales: { selection: AfterSalesSelection } | null },
  original: { passengers: readonly { id: string }[] } | undefined,
  to: 'refunded' | 'voided',
): Promise<AncillaryRow[]> {
  const selection = afterSales.afterSales?.selection;
  if (!afterSales.originalBookingId || !selection || !original) return [];
  const covered = (await ancillariesOf(tx, [afterSales.originalBookingId])).filter(
    (l) => l.status === 'booked' && coveredBy(l, selection, original),
  );
  if (covered.length === 0) return [];
  return setAncillaryStatus(tx, { ids: covered.map((l) => l.id) }, 'booked', to);
}

/** Whether `selection` (of an after-sales order on `original`) covers the line: its passenger, every segment. */
export function coveredBy(
  line: Pick<AncillaryRow, 'passengerIndex' | 'segmentIndexes'>,
  selection: AfterSalesSelection,
  original: { passengers: readonly { id: string }[] },
): boolean {
  const passengerId = original.passengers[line.passengerIndex]?.id;
  return (
    passengerId !== undefined &&
    selection.passengerIds.includes(passengerId) &&
    line.segmentIndexes.every((s) => selection.segmentIndexes.includes(s))
  );
}

/** A line as the order detail shows it (pending and failed purchase lines are left out). */
export function presentAncillary(
  row: AncillaryRow,
  money: (minor: number, currency: string) => OrderAncillary['price'],
): OrderAncillary | null {
  if (row.status === 'pending' || row.status === 'failed') return null;
  return {
    id: row.id,
    kind: row.kind,
    passengerIndex: row.passengerIndex,
    segmentIndexes: row.segmentIndexes,
    designator: row.designator,
    serviceId: row.serviceId,
    quantity: row.quantity,
    weightKg: row.weightKg,
    price: money(row.priceMinor, row.currency),
    status: row.status,
    source: row.purchaseOrderId ? 'purchase' : 'booking',
  };
}
