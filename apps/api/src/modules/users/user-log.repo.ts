import { and, count, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { UserLogFilters } from '@portal/domain/user-log';
import type { Db } from '../../platform/db';
import { perShape, statementName } from '../../platform/db/rows';
import { dayEndIn, dayStartIn } from '../../platform/time-zones';
import { userLogs, users } from './users.schema';

export type UserLogRow = typeof userLogs.$inferSelect;

/** A row with the username of its user when the row itself has none (rows written before it had). */
const withUsername = {
  ...getTableColumns(userLogs),
  username: sql<string | null>`coalesce(${userLogs.username}, ${users.username})`,
};

/** The agency whose log is read: its id, and its time zone, whose calendar days the date filters are. */
export interface LogAgency {
  id: number;
  timeZone: string;
}

/** The conditions of the filters, always within one agency (another agency's rows never match). */
function conditions(agency: LogAgency, filters: UserLogFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(userLogs.agencyId, agency.id)];
  if (filters.userId !== undefined) parts.push(eq(userLogs.userId, filters.userId));
  if (filters.action) parts.push(eq(userLogs.action, filters.action));
  if (filters.outcome) parts.push(eq(userLogs.outcome, filters.outcome));
  if (filters.dateFrom) parts.push(gte(userLogs.createdAt, dayStartIn(filters.dateFrom, agency.timeZone)));
  if (filters.dateTo) parts.push(lt(userLogs.createdAt, dayEndIn(filters.dateTo, agency.timeZone)));
  return and(...parts);
}

const p = sql.placeholder;

/** A row's time in whole microseconds, exact (the cursor's; a Date keeps milliseconds only). */
const micros = sql<string>`(extract(epoch from ${userLogs.createdAt}) * 1000000)::bigint::text`;

/** Where a page starts: its number, or (keyset paging) the cursor of the page before's last row. */
export interface UserLogPaging {
  page: number;
  pageSize: number;
  /** `USER_LOG_CURSOR`: the row's time in microseconds since 1970 and its id. */
  after?: string | undefined;
  /** False: the page without the count (the client has the filter's total). Counted by default. */
  count?: boolean;
}

/**
 * Which filters a list has and whether it pages on from a cursor: its statement's shape (64 at
 * most), with the count's cap.
 */
function shapeOf(filters: UserLogFilters, cap: number, seeks: boolean): string {
  const has = (value: unknown) => (value === undefined || value === '' ? '-' : '+');
  return `${has(filters.userId)}${has(filters.action)}${has(filters.outcome)}${has(filters.dateFrom)}${has(filters.dateTo)};${cap}${seeks ? ';after' : ''}`;
}

/** `conditions` with placeholders for the filters `filters` has (their values: `valuesOf`). */
function placeholderConditions(filters: UserLogFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(userLogs.agencyId, p('agencyId'))];
  if (filters.userId !== undefined) parts.push(eq(userLogs.userId, p('userId')));
  if (filters.action) parts.push(eq(userLogs.action, p('action')));
  if (filters.outcome) parts.push(eq(userLogs.outcome, p('outcome')));
  if (filters.dateFrom) parts.push(sql`${userLogs.createdAt} >= ${p('from')}::timestamptz`);
  if (filters.dateTo) parts.push(sql`${userLogs.createdAt} < ${p('to')}::timestamptz`);
  return and(...parts);
}

function valuesOf(agency: LogAgency, filters: UserLogFilters, page: UserLogPaging) {
  const [afterMicros, afterId] = page.after?.split('_') ?? [];
  return {
    agencyId: agency.id,
    userId: filters.userId,
    action: filters.action,
    outcome: filters.outcome,
    from: filters.dateFrom ? dayStartIn(filters.dateFrom, agency.timeZone).toISOString() : undefined,
    to: filters.dateTo ? dayEndIn(filters.dateTo, agency.timeZone).toISOString() : undefined,
    limit: page.pageSize,
    ...(page.after ? { offset: 0, afterMicros, afterId } : { offset: (page.page - 1) * page.pageSize }),
  };
}

interface UserLogStatements {
  /** The page's rows, each with the capped count of all matching rows (`matching`). */
  pageAndCount: PgPreparedQuery<
    PreparedQueryConfig & { execute: (UserLogRow & { matching: number; micros: string })[] }
  >;
  /** The page's rows alone, for a client that has the count (`count=false`). */
  page: PgPreparedQuery<PreparedQueryConfig & { execute: (UserLogRow & { micros: string })[] }>;
  /** The capped count alone (an empty page past the first). */
  count: PgPreparedQuery<PreparedQueryConfig & { execute: { total: number }[] }>;
}

/**
 * The statements of one shape. The page's ids are read first, from an index that holds the
 * filter, the order and the id (`user_logs_agency_*_created_id_idx`, migration 0034), so a deep
 * page skips index entries only; the rows and their users are then read for those ids alone. The
 * count stops at one past `cap` and rides along the page's statement (evaluated once). After a
 * cursor, the page's ids are the rows past it, sought in the same index as a first page's: a deep
 * page reads a page's worth of entries, and the count is the filter's, cursor or not.
 */
function buildStatements(
  db: Db,
  filters: UserLogFilters,
  cap: number,
  seeks: boolean,
  name: string,
): UserLogStatements {
  const where = placeholderConditions(filters);
  const newest = [desc(userLogs.createdAt), desc(userLogs.id)];
  const seek = sql`(${userLogs.createdAt}, ${userLogs.id}) <
    (timestamptz 'epoch' + ${p('afterMicros')}::bigint * interval '1 microsecond', ${p('afterId')}::bigint)`;
  const pageIds = db
    .select({ id: userLogs.id })
    .from(userLogs)
    .where(seeks ? and(where, seek) : where)
    .orderBy(...newest)
    .limit(p('limit'))
    .offset(p('offset'));
  const matching = db
    .select({ one: sql`1` })
    .from(userLogs)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const cappedCount = db.select({ total: count() }).from(matching);
  const pageAndCount = db
    .select({ ...withUsername, micros, matching: sql<number>`(${cappedCount})`.mapWith(Number) })
    .from(userLogs)
    .leftJoin(users, eq(users.id, userLogs.userId))
    .where(inArray(userLogs.id, pageIds))
    .orderBy(...newest);
  const page = db
    .select({ ...withUsername, micros })
    .from(userLogs)
    .leftJoin(users, eq(users.id, userLogs.userId))
    .where(inArray(userLogs.id, pageIds))
    .orderBy(...newest);
  const named = (kind: string, query: { toSQL(): { sql: string } }) =>
    statementName(`user_log_${kind}`, `${name};${query.toSQL().sql}`);
  return {
    pageAndCount: pageAndCount.prepare(named('page_count', pageAndCount)),
    page: page.prepare(named('page', page)),
    count: cappedCount.prepare(named('count', cappedCount)),
  };
}

/** The prepared statements per shape, per database handle (a transaction's own are dropped with it). */
const statementsPerShape = perShape<UserLogStatements>();

function statementsOf(db: Db, filters: UserLogFilters, cap: number, seeks: boolean): UserLogStatements {
  const shape = shapeOf(filters, cap, seeks);
  return statementsPerShape(db, shape, () => buildStatements(db, filters, cap, seeks, shape));
}

/** The rows of a page without the columns read for paging, and the cursor of its last row when full. */
function pageOfRows(found: (UserLogRow & { micros: string; matching?: number })[], pageSize: number) {
  const last = found.length === pageSize ? found.at(-1) : undefined;
  return {
    rows: found.map(({ matching: _matching, micros: _micros, ...row }) => row),
    ...(last ? { next: `${last.micros}_${last.id}` } : {}),
  };
}

/**
 * One page of an agency's user log, newest first, with the number of matching rows counted up to
 * one past `cap`: one prepared statement per filter shape (built once: drizzle's building of the
 * page was a third of the route's own work), the count in the page's statement; only an empty page
 * past the first reads the count alone. With `count: false` the page alone, and no `total`. `next`
 * is the last row's cursor when the page is full.
 */
export async function listUserLogs(
  db: Db,
  agency: LogAgency,
  filters: UserLogFilters,
  page: UserLogPaging,
  cap: number,
): Promise<{ rows: UserLogRow[]; total?: number; next?: string }> {
  const statements = statementsOf(db, filters, cap, page.after !== undefined);
  const values = valuesOf(agency, filters, page);
  if (page.count === false) return pageOfRows(await statements.page.execute(values), page.pageSize);
  const found = await statements.pageAndCount.execute(values);
  if (found.length === 0) {
    if (page.page === 1 && page.after === undefined) return { rows: [], total: 0 };
    const [counted] = await statements.count.execute(values);
    return { rows: [], total: Number(counted?.total ?? 0) };
  }
  return { ...pageOfRows(found, page.pageSize), total: found[0]?.matching ?? 0 };
}

/** The newest `cap` matching rows of an agency's user log, for the export. */
export function exportUserLogs(db: Db, agency: LogAgency, filters: UserLogFilters, cap: number) {
  return db
    .select(withUsername)
    .from(userLogs)
    .leftJoin(users, eq(users.id, userLogs.userId))
    .where(conditions(agency, filters))
    .orderBy(desc(userLogs.createdAt), desc(userLogs.id))
    .limit(cap);
}
