import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { IllegalTransition } from '@portal/domain/fsm';
import { type GroupTimelineEvent } from '@portal/domain/group-order';
import { groupOrderMachine, type GroupOrderStatus } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { DeskQuote } from './group-desk';
import {
  groupInstalments,
  groupOrderEvents,
  groupOrders,
  groupQuotes,
  type GroupInstalmentRow,
  type GroupOrderEventRow,
  type GroupOrderRow,
  type GroupQuoteRow,
} from './group-orders.schema';
import { isUuid } from '@portal/domain/text-checks';

export type NewGroupOrder = typeof groupOrders.$inferInsert;

/** `G` + UTC date + 6 random digits (not guessable from another order's number). */
export function newGroupBookingNumber(now: Date): string {
  const digits = String(crypto.randomInt(1_000_000)).padStart(6, '0');
  return `G${now.toISOString().slice(0, 10).replaceAll('-', '')}${digits}`;
}

/** The agency's order by id or booking number (locked when `forUpdate`). */
export async function findGroupOrder(
  db: Db,
  agencyId: number,
  idOrNumber: string,
  options: { forUpdate?: boolean } = {},
): Promise<GroupOrderRow | undefined> {
  const key = isUuid(idOrNumber)
    ? eq(groupOrders.id, idOrNumber.toLowerCase())
    : eq(groupOrders.bookingNumber, idOrNumber.toUpperCase());
  const query = db
    .select()
    .from(groupOrders)
    .where(and(key, eq(groupOrders.agencyId, agencyId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The order by id, locked for update (jobs: no agency scope). */
export async function lockGroupOrderById(tx: Db, id: string): Promise<GroupOrderRow | undefined> {
  const [row] = await tx.select().from(groupOrders).where(eq(groupOrders.id, id)).limit(1).for('update');
  return row;
}

const BOOKING_NUMBER_ATTEMPTS = 5;

/** Inserts a new order under a fresh booking number with its first timeline row, in `tx`'s caller's transaction. */
export async function insertGroupOrder(
  db: Db,
  row: Omit<NewGroupOrder, 'bookingNumber'>,
  now: Date,
  after: (tx: Db, order: GroupOrderRow) => Promise<void>,
): Promise<GroupOrderRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(groupOrders)
          .values({ ...row, bookingNumber: newGroupBookingNumber(now), createdAt: now, updatedAt: now })
          .returning();
        if (!inserted) throw new Error('group order not inserted');
        await addEvent(tx, inserted.id, 'requested', inserted.status, now);
        await after(tx, inserted);
        return inserted;
      });
    } catch (error) {
      const clash = isUniqueViolation(error, 'group_orders_booking_number_idx');
      if (!clash || attempt >= BOOKING_NUMBER_ATTEMPTS) throw error;
    }
  }
}

export async function addEvent(
  tx: Db,
  orderId: string,
  event: GroupTimelineEvent,
  status: GroupOrderStatus,
  at: Date,
  params: Record<string, string> = {},
): Promise<void> {
  await tx.insert(groupOrderEvents).values({ orderId, event, status, at, params });
}

/**
 * Moves an order to `to` through the domain machine (409 ILLEGAL_TRANSITION otherwise) with other
 * column changes, and records the timeline row. Guarded by the current status, so a concurrent
 * move makes this one fail instead of overwriting it.
 */
export async function transitionGroup(
  tx: Db,
  order: GroupOrderRow,
  to: GroupOrderStatus,
  now: Date,
  event: GroupTimelineEvent,
  patch: Partial<NewGroupOrder> = {},
  params: Record<string, string> = {},
): Promise<GroupOrderRow> {
  try {
    groupOrderMachine.assertTransition(order.status, to);
  } catch (error) {
    if (error instanceof IllegalTransition)
      throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to });
    throw error;
  }
  const [updated] = await tx
    .update(groupOrders)
    .set({ ...patch, status: to, updatedAt: now })
    .where(and(eq(groupOrders.id, order.id), eq(groupOrders.status, order.status)))
    .returning();
  if (!updated) throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to });
  await addEvent(tx, order.id, event, to, now, params);
  return updated;
}

/** Stores the desk's quotes of an order (withdrawing any open ones first). */
export async function replaceOpenQuotes(
  tx: Db,
  orderId: string,
  quotes: readonly DeskQuote[],
  at: Date,
): Promise<GroupQuoteRow[]> {
  await tx
    .update(groupQuotes)
    .set({ state: 'withdrawn' })
    .where(and(eq(groupQuotes.orderId, orderId), inArray(groupQuotes.state, ['open', 'picked'])));
  if (quotes.length === 0) return [];
  return tx
    .insert(groupQuotes)
    .values(
      quotes.map((q) => ({
        orderId,
        flights: q.flights,
        fares: q.fares,
        baggage: q.baggage,
        totalMinor: q.totalMinor,
        confirmBy: q.confirmBy,
        passengerListDeadline: q.passengerListDeadline,
        plan: q.plan,
        quotedAt: at,
      })),
    )
    .returning();
}

export function listQuotes(db: Db, orderId: string): Promise<GroupQuoteRow[]> {
  return db
    .select()
    .from(groupQuotes)
    .where(eq(groupQuotes.orderId, orderId))
    .orderBy(asc(groupQuotes.quotedAt), asc(groupQuotes.totalMinor), asc(groupQuotes.id));
}

export function listInstalments(db: Db, orderId: string): Promise<GroupInstalmentRow[]> {
  return db
    .select()
    .from(groupInstalments)
    .where(eq(groupInstalments.orderId, orderId))
    .orderBy(asc(groupInstalments.n));
}

export function listGroupEvents(db: Db, orderId: string): Promise<GroupOrderEventRow[]> {
  return db
    .select()
    .from(groupOrderEvents)
    .where(eq(groupOrderEvents.orderId, orderId))
    .orderBy(asc(groupOrderEvents.id));
}
