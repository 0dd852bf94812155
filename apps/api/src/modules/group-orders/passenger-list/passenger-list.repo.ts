import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { groupPassengers, type GroupPassengerRow } from './passenger-list.schema';

/** Where a group order's passenger list stands (spec §4/§5). */
export type PassengerListState = 'missing' | 'uploaded' | 'confirmed';

/**
 * The state of a group order's passenger list: `missing` before any valid upload, `uploaded`
 * once one is stored, `confirmed` after the agent confirmed it (it cannot change any more).
 */
export async function passengerListState(db: Db, orderId: string): Promise<PassengerListState> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      confirmed: sql<number>`count(${groupPassengers.confirmedAt})::int`,
    })
    .from(groupPassengers)
    .where(eq(groupPassengers.orderId, orderId));
  if (!row || row.count === 0) return 'missing';
  return row.confirmed > 0 ? 'confirmed' : 'uploaded';
}

/** The stored passengers of a group order, in list order. */
export function listGroupPassengers(db: Db, orderId: string): Promise<GroupPassengerRow[]> {
  return db
    .select()
    .from(groupPassengers)
    .where(eq(groupPassengers.orderId, orderId))
    .orderBy(asc(groupPassengers.position));
}

export type NewGroupPassenger = Omit<
  typeof groupPassengers.$inferInsert,
  'id' | 'orderId' | 'agencyId' | 'uploadedBy' | 'uploadedAt' | 'confirmedAt'
>;

/** Replaces the whole list of an order (inside the caller's transaction). */
export async function replaceGroupPassengers(
  tx: Db,
  order: { id: string; agencyId: number },
  userId: number,
  passengers: readonly NewGroupPassenger[],
): Promise<void> {
  await tx.delete(groupPassengers).where(eq(groupPassengers.orderId, order.id));
  if (passengers.length === 0) return;
  await tx
    .insert(groupPassengers)
    .values(
      passengers.map((p) => ({ ...p, orderId: order.id, agencyId: order.agencyId, uploadedBy: userId })),
    );
}

/** Marks every passenger of the order confirmed (inside the caller's transaction). */
export async function confirmGroupPassengers(tx: Db, orderId: string, at: Date): Promise<void> {
  await tx.update(groupPassengers).set({ confirmedAt: at }).where(eq(groupPassengers.orderId, orderId));
}
