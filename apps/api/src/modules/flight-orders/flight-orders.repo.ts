import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { IllegalTransition } from '@portal/domain/fsm';
import { flightOrderMachine, type FlightOrderStatus } from '@portal/domain/flight-order-status';
import { encodeTimelineNote, type TimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { flightOrders, orderEvents, type FlightOrderRow, type OrderEventRow } from './flight-orders.schema';
import { isUuid } from '@portal/domain/text-checks';

export type NewFlightOrder = typeof flightOrders.$inferInsert;

/** The order by id or booking number if it belongs to the agency. */
export async function findOrder(
  db: Db,
  agencyId: number,
  idOrNumber: string,
  options: { forUpdate?: boolean } = {},
): Promise<FlightOrderRow | undefined> {
  const key = isUuid(idOrNumber)
    ? eq(flightOrders.id, idOrNumber.toLowerCase())
    : eq(flightOrders.bookingNumber, idOrNumber.toUpperCase());
  const query = db
    .select()
    .from(flightOrders)
    .where(and(key, eq(flightOrders.agencyId, agencyId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The order by id, locked for update (jobs: no agency scope). */
export async function lockOrderById(tx: Db, id: string): Promise<FlightOrderRow | undefined> {
  const [row] = await tx.select().from(flightOrders).where(eq(flightOrders.id, id)).limit(1).for('update');
  return row;
}

/** How many booking numbers a new order tries before giving up (each clash is 1 in 10^6 a day). */
const BOOKING_NUMBER_ATTEMPTS = 5;

/**
 * Inserts a new order and its first timeline row (with `note`, if any) in the caller's transaction
 * (every caller passes one: the two rows commit together), under a fresh booking number; a clash
 * with an existing number (the unique index) is retried with another one.
 */
export async function insertOrder(
  db: Db,
  row: Omit<NewFlightOrder, 'bookingNumber'>,
  now: Date,
  note: TimelineNote | null = null,
): Promise<FlightOrderRow> {
  return (await insertOrderWithEvent(db, row, now, note)).order;
}

/** `insertOrder`, answering the first timeline row too (a new order's whole timeline). */
export async function insertOrderWithEvent(
  db: Db,
  row: Omit<NewFlightOrder, 'bookingNumber'>,
  now: Date,
  note: TimelineNote | null = null,
): Promise<{ order: FlightOrderRow; event: OrderEventRow }> {
  // A clash of booking numbers takes the next attempt; `on conflict do nothing` instead of a
  // caught unique violation, so that the caller's transaction needs no savepoint around it.
  for (let attempt = 1; attempt <= BOOKING_NUMBER_ATTEMPTS; attempt += 1) {
    const [inserted] = await db
      .insert(flightOrders)
      .values({ ...row, bookingNumber: newBookingNumber(now), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: flightOrders.bookingNumber })
      .returning();
    if (!inserted) continue;
    const [event] = await db
      .insert(orderEvents)
      .values({
        orderId: inserted.id,
        fromStatus: null,
        toStatus: inserted.status,
        at: now,
        note: note && encodeTimelineNote(note),
      })
      .returning();
    if (!event) throw new Error('order event not inserted');
    return { order: inserted, event };
  }
  throw new Error(`no free booking number after ${BOOKING_NUMBER_ATTEMPTS} attempts`);
}

export async function listEvents(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/** Throws ILLEGAL_TRANSITION (409) unless the domain machine allows the move. */
export function assertTransition(from: FlightOrderStatus, to: FlightOrderStatus): void {
  try {
    flightOrderMachine.assertTransition(from, to);
  } catch (error) {
    if (error instanceof IllegalTransition) throw new AppError('ILLEGAL_TRANSITION', { from, to });
    throw error;
  }
}

/**
 * Moves an order to `to` through the domain machine (409 ILLEGAL_TRANSITION otherwise), with other
 * column changes, and records the timeline row. The update is guarded by the current status, so a
 * concurrent move makes this one fail instead of overwriting it.
 */
export async function transition(
  tx: Db,
  order: FlightOrderRow,
  to: FlightOrderStatus,
  now: Date,
  patch: Partial<NewFlightOrder> = {},
  note: TimelineNote | null = null,
): Promise<FlightOrderRow> {
  assertTransition(order.status, to);
  const [updated] = await tx
    .update(flightOrders)
    .set({ ...patch, status: to, updatedAt: now })
    .where(and(eq(flightOrders.id, order.id), eq(flightOrders.status, order.status)))
    .returning();
  if (!updated) throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to });
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    at: now,
    note: note && encodeTimelineNote(note),
  });
  return updated;
}

/** `F` + UTC date + 6 random digits (not guessable from another order's number). */
export function newBookingNumber(now: Date): string {
  const digits = String(crypto.randomInt(1_000_000)).padStart(6, '0');
  return `F${now.toISOString().slice(0, 10).replaceAll('-', '')}${digits}`;
}
