import { and, count, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { UserLogFilters } from '@portal/domain/user-log';
import type { Db } from '../../platform/db';
import { userLogs, users } from './users.schema';

export type UserLogRow = typeof userLogs.$inferSelect;

/** A row with the username of its user when the row itself has none (rows written before it had). */
const withUsername = {
  ...getTableColumns(userLogs),
  username: sql<string | null>`coalesce(${userLogs.username}, ${users.username})`,
};

/** The day after a `YYYY-MM-DD` day, as a UTC instant. */
function dayAfter(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** The conditions of the filters, always within one agency (another agency's rows never match). */
function conditions(agencyId: number, filters: UserLogFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(userLogs.agencyId, agencyId)];
  if (filters.userId !== undefined) parts.push(eq(userLogs.userId, filters.userId));
  if (filters.action) parts.push(eq(userLogs.action, filters.action));
  if (filters.outcome) parts.push(eq(userLogs.outcome, filters.outcome));
  if (filters.dateFrom) parts.push(gte(userLogs.createdAt, new Date(`${filters.dateFrom}T00:00:00Z`)));
  if (filters.dateTo) parts.push(lt(userLogs.createdAt, dayAfter(filters.dateTo)));
  return and(...parts);
}

/**
 * One page of an agency's user log, newest first, with the number of matching rows counted up to
 * one past `cap`. The page's ids are read first, from an index that holds the filter, the order and
 * the id (`user_logs_agency_*_created_id_idx`, migration 0034), so a deep page skips index entries
 * only; the rows and their users are then read for those ids alone.
 */
export async function listUserLogs(
  db: Db,
  agencyId: number,
  filters: UserLogFilters,
  page: { page: number; pageSize: number },
  cap: number,
): Promise<{ rows: UserLogRow[]; total: number }> {
  const where = conditions(agencyId, filters);
  const newest = [desc(userLogs.createdAt), desc(userLogs.id)];
  const pageIds = db
    .select({ id: userLogs.id })
    .from(userLogs)
    .where(where)
    .orderBy(...newest)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const matching = db
    .select({ one: sql`1` })
    .from(userLogs)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [rows, [counted]] = await Promise.all([
    db
      .select(withUsername)
      .from(userLogs)
      .leftJoin(users, eq(users.id, userLogs.userId))
      .where(inArray(userLogs.id, pageIds))
      .orderBy(...newest),
    db.select({ total: count() }).from(matching),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The newest `cap` matching rows of an agency's user log, for the export. */
export function exportUserLogs(db: Db, agencyId: number, filters: UserLogFilters, cap: number) {
  return db
    .select(withUsername)
    .from(userLogs)
    .leftJoin(users, eq(users.id, userLogs.userId))
    .where(conditions(agencyId, filters))
    .orderBy(desc(userLogs.createdAt), desc(userLogs.id))
    .limit(cap);
}
