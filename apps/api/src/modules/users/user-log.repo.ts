import { and, count, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
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

/** One page of an agency's user log, newest first, with the number of matching rows. */
export async function listUserLogs(
  db: Db,
  agencyId: number,
  filters: UserLogFilters,
  page: { page: number; pageSize: number },
): Promise<{ rows: UserLogRow[]; total: number }> {
  const where = conditions(agencyId, filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select(withUsername)
      .from(userLogs)
      .leftJoin(users, eq(users.id, userLogs.userId))
      .where(where)
      .orderBy(desc(userLogs.createdAt), desc(userLogs.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(userLogs).where(where),
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
