import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { PlatformAuditQuery, PlatformAuditRecord } from '@portal/domain/platform-schemas';
import type { Db } from '../../platform/db';
import { platformAuditLog, platformUsers } from './platform-admin.schema';

const actor = alias(platformUsers, 'actor');
const approver = alias(platformUsers, 'approver');

/** The day after a `YYYY-MM-DD` date, at 00:00 UTC (the end of an inclusive range). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

function conditions(query: PlatformAuditQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    query.action ? eq(platformAuditLog.action, query.action) : undefined,
    query.admin ? eq(actor.username, query.admin) : undefined,
    query.targetType ? eq(platformAuditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(platformAuditLog.targetId, query.targetId) : undefined,
    query.from ? gte(platformAuditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(platformAuditLog.at, dayAfter(query.to)) : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

function base(db: Db) {
  return db
    .select({
      row: platformAuditLog,
      actorName: actor.username,
      approverName: approver.username,
    })
    .from(platformAuditLog)
    .leftJoin(actor, eq(actor.id, platformAuditLog.adminId))
    .leftJoin(approver, eq(approver.id, platformAuditLog.approvedBy));
}

type Line = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

/** A row as the API answers it: the admins by id and name, times in UTC. */
function present({ row, actorName, approverName }: Line): PlatformAuditRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    admin: row.adminId === null ? null : { id: row.adminId, username: actorName ?? '' },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    approvedBy: row.approvedBy === null ? null : { id: row.approvedBy, username: approverName ?? '' },
    note: row.note,
    requestId: row.requestId,
  };
}

/** The rows the filters select, newest first: one page, or the first `limit` rows. */
export async function listAudit(
  db: Db,
  query: PlatformAuditQuery,
  window: { offset: number; limit: number },
): Promise<PlatformAuditRecord[]> {
  const lines = await base(db)
    .where(conditions(query))
    .orderBy(desc(platformAuditLog.at), desc(platformAuditLog.id))
    .limit(window.limit)
    .offset(window.offset);
  return lines.map(present);
}

/** How many rows the filters select. */
export async function countAudit(db: Db, query: PlatformAuditQuery): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(platformAuditLog)
    .leftJoin(actor, eq(actor.id, platformAuditLog.adminId))
    .where(conditions(query));
  return row?.n ?? 0;
}
