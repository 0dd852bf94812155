import crypto from 'node:crypto';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  trainTimelineNoteText,
  type TrainOrderListQuery,
  type TrainTimelineNote,
} from '@portal/domain/train-order';
import { trainOrderMachine, type TrainOrderStatus } from '@portal/domain/train-order-status';
import type { Db } from '../../platform/db';
import { likeContaining } from '../../platform/db/like';
import { dayEndIn, dayStartIn } from '../../platform/time-zones';
import { agencies } from '../agencies/index';
import { trainOrderScope } from './train-orders.policy';
import {
  trainOrders,
  type NewTrainOrder,
  type StoredTrainEvent,
  type TrainOrderRow,
} from './train-orders.schema';
import { isUuid } from '@portal/domain/text-checks';

type Viewer = Parameters<typeof trainOrderScope>[0];

/** `T` + UTC date + 6 random digits (not guessable from another order's number). */
export function newTrainBookingNumber(now: Date): string {
  const digits = String(crypto.randomInt(1_000_000)).padStart(6, '0');
  return `T${now.toISOString().slice(0, 10).replaceAll('-', '')}${digits}`;
}

/** The agency's order of that id (locked `FOR UPDATE` when asked); undefined for any other id. */
export async function findTrainOrder(
  db: Db,
  agencyId: number,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<TrainOrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .select()
    .from(trainOrders)
    .where(and(eq(trainOrders.id, id), eq(trainOrders.agencyId, agencyId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Any order by id, locked (jobs, which act for no viewer). */
export async function lockTrainOrder(db: Db, id: string): Promise<TrainOrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(trainOrders).where(eq(trainOrders.id, id)).for('update');
  return row;
}

/** Saves a new order with a fresh booking number (retried on the rare clash). */
export async function insertTrainOrder(
  tx: Db,
  values: Omit<NewTrainOrder, 'bookingNumber'>,
  now: Date,
): Promise<TrainOrderRow> {
  for (let attempt = 0; ; attempt++) {
    const bookingNumber = newTrainBookingNumber(now);
    const clash = await tx
      .select({ id: trainOrders.id })
      .from(trainOrders)
      .where(eq(trainOrders.bookingNumber, bookingNumber));
    if (clash.length > 0 && attempt < 5) continue;
    const [row] = await tx
      .insert(trainOrders)
      .values({ ...values, bookingNumber })
      .returning();
    if (!row) throw new Error('train order not saved');
    return row;
  }
}

/** A timeline row: a note of the portal by key and values (with its English text), or the railway's words. */
export function trainEvent(
  status: TrainOrderStatus,
  at: Date,
  note: TrainTimelineNote | null,
): StoredTrainEvent {
  const event = { status, at: at.toISOString() };
  if (!note) return { ...event, note: null };
  if ('supplierText' in note) return { ...event, note: note.supplierText };
  const params = note.params ?? {};
  return { ...event, note: trainTimelineNoteText(note.key, params), noteKey: note.key, noteParams: params };
}

/**
 * Moves a locked order to `to` (the transition table must allow it: ILLEGAL_TRANSITION
 * otherwise), with other column changes and one timeline row.
 */
export async function transitionTrainOrder(
  tx: Db,
  order: TrainOrderRow,
  to: TrainOrderStatus,
  now: Date,
  changes: Partial<NewTrainOrder> = {},
  note: TrainTimelineNote | null = null,
): Promise<TrainOrderRow> {
  trainOrderMachine.assertTransition(order.status, to);
  const timeline = [...order.timeline, trainEvent(to, now, note)];
  const [updated] = await tx
    .update(trainOrders)
    .set({ ...changes, status: to, timeline, updatedAt: now })
    .where(eq(trainOrders.id, order.id))
    .returning();
  if (!updated) throw new Error(`train order ${order.id} vanished`);
  return updated;
}

/** The agency's train settings now (read in the caller's transaction, not from a cached session). */
export async function trainSettingsOf(
  db: Db,
  agencyId: number,
): Promise<{ manual: boolean; notificationUrl: string | null }> {
  const [row] = await db
    .select({ common: agencies.commonConfig })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  const settings = row?.common.trainSettings;
  return { manual: settings?.manual === true, notificationUrl: settings?.notificationUrl ?? null };
}

/**
 * A page of the orders `viewer` may see, newest first, with the list's filters; `dateFrom` and
 * `dateTo` are calendar days of the viewer's agency (its `company.timeZone`).
 */
export async function listTrainOrders(
  db: Db,
  viewer: Viewer & { company: { timeZone: string } },
  query: TrainOrderListQuery,
): Promise<{ rows: TrainOrderRow[]; total: number }> {
  const where: SQL[] = [trainOrderScope(viewer)];
  if (query.status) where.push(eq(trainOrders.status, query.status));
  if (query.bookingNumber) {
    where.push(sql`${trainOrders.bookingNumber} ilike ${likeContaining(query.bookingNumber)}`);
  }
  if (query.trainNumber) where.push(eq(trainOrders.trainNumber, query.trainNumber.toUpperCase()));
  if (query.passenger) {
    where.push(sql`${trainOrders.passengerNames} like ${likeContaining(query.passenger.toUpperCase())}`);
  }
  if (query.departureDate) where.push(eq(trainOrders.departureDate, query.departureDate));
  if (query.dateFrom)
    where.push(gte(trainOrders.createdAt, dayStartIn(query.dateFrom, viewer.company.timeZone)));
  if (query.dateTo) where.push(lt(trainOrders.createdAt, dayEndIn(query.dateTo, viewer.company.timeZone)));
  const condition = and(...where);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trainOrders)
    .where(condition);
  const rows = await db
    .select()
    .from(trainOrders)
    .where(condition)
    .orderBy(desc(trainOrders.createdAt), desc(trainOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: Number(count?.n ?? 0) };
}
