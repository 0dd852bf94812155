import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notifications, type NotificationRow } from './notifications.schema';

/** Whose notices: always the user within their own agency (the tenant check). */
export interface NoticeOwner {
  agencyId: number;
  userId: number;
}

const ownedBy = (owner: NoticeOwner) =>
  and(eq(notifications.agencyId, owner.agencyId), eq(notifications.userId, owner.userId));

/** A page of the owner's notices, newest first. */
export function listNotices(
  db: Db,
  owner: NoticeOwner,
  page: { offset: number; limit: number; unreadOnly: boolean },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(ownedBy(owner), page.unreadOnly ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many notices the owner has, and how many of them are unread (one statement). */
export async function countNotices(db: Db, owner: NoticeOwner): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(ownedBy(owner));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Marks the owner's notices read (the given ids, or all); returns how many changed. */
export async function markNoticesRead(
  db: Db,
  owner: NoticeOwner,
  ids: readonly number[] | 'all',
  now: Date,
): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        ownedBy(owner),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    )
    .returning({ id: notifications.id });
  return changed.length;
}
