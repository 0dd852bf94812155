import { and, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { ApprovalListQuery, ApprovalStatus } from '@portal/domain/platform-funding';
import type { Db } from '../../platform/db';
import { agencies } from '../agencies/index';
import { platformUsers } from '../platform-admin/index';
import { platformApprovals, type PlatformApprovalRow } from './platform-funding.schema';

/** A request with the name of its agency. */
export type ApprovalWithAgency = PlatformApprovalRow & { agencyName: string };

const withAgency = { approval: platformApprovals, agencyName: agencies.name };

/** Writes a new pending request; answers it. */
export async function insertApproval(
  tx: Db,
  values: typeof platformApprovals.$inferInsert,
): Promise<PlatformApprovalRow> {
  const [row] = await tx.insert(platformApprovals).values(values).returning();
  if (!row) throw new Error('platform approval not inserted');
  return row;
}

/** The request, locked until the transaction ends (two decisions on one request run one after the other). */
export async function lockApproval(tx: Db, id: string): Promise<PlatformApprovalRow | undefined> {
  const [row] = await tx.select().from(platformApprovals).where(eq(platformApprovals.id, id)).for('update');
  return row;
}

/** The request with its agency's name. */
export async function findApproval(db: Db, id: string): Promise<ApprovalWithAgency | undefined> {
  const [row] = await db
    .select(withAgency)
    .from(platformApprovals)
    .innerJoin(agencies, eq(agencies.id, platformApprovals.agencyId))
    .where(eq(platformApprovals.id, id));
  return row && { ...row.approval, agencyName: row.agencyName };
}

/** Records a decision on a request that was pending. */
export async function decideApproval(
  tx: Db,
  id: string,
  decision: {
    status: Exclude<ApprovalStatus, 'pending'>;
    decidedBy: number;
    reason?: string;
    entryId?: number;
  },
): Promise<void> {
  await tx
    .update(platformApprovals)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: new Date(),
      reason: decision.reason ?? null,
      entryId: decision.entryId ?? null,
    })
    .where(and(eq(platformApprovals.id, id), eq(platformApprovals.status, 'pending')));
}

/** A pending funding request of the agency with this bank reference, if any. */
export async function pendingWithReference(
  tx: Db,
  agencyId: number,
  reference: string,
): Promise<PlatformApprovalRow | undefined> {
  const [row] = await tx
    .select()
    .from(platformApprovals)
    .where(
      and(
        eq(platformApprovals.agencyId, agencyId),
        eq(platformApprovals.reference, reference),
        eq(platformApprovals.kind, 'funding'),
        eq(platformApprovals.status, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

/** One page of requests, newest first, with the number that match the filters. */
export async function listApprovals(
  db: Db,
  query: ApprovalListQuery,
): Promise<{ rows: ApprovalWithAgency[]; total: number }> {
  const parts: SQL[] = [];
  if (query.status === 'decided') parts.push(ne(platformApprovals.status, 'pending'));
  else if (query.status) parts.push(eq(platformApprovals.status, query.status));
  if (query.kind) parts.push(eq(platformApprovals.kind, query.kind));
  if (query.agencyId !== undefined) parts.push(eq(platformApprovals.agencyId, query.agencyId));
  const where = and(...parts);
  const [rows, [counted]] = await Promise.all([
    db
      .select(withAgency)
      .from(platformApprovals)
      .innerJoin(agencies, eq(agencies.id, platformApprovals.agencyId))
      .where(where)
      .orderBy(desc(platformApprovals.createdAt), desc(platformApprovals.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(platformApprovals).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.approval, agencyName: r.agencyName })), total: counted?.n ?? 0 };
}

/** The top-level agencies not deleted, by name. */
export async function topLevelAgencies(db: Db) {
  return db
    .select({
      id: agencies.id,
      name: agencies.name,
      commonConfig: agencies.commonConfig,
      enabled: agencies.enabled,
      suspendedAt: agencies.suspendedAt,
    })
    .from(agencies)
    .where(and(isNull(agencies.parentId), isNull(agencies.deletedAt)))
    .orderBy(agencies.name, agencies.id);
}

/** The usernames of platform admins by id. */
export async function adminNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: platformUsers.id, username: platformUsers.username })
    .from(platformUsers)
    .where(inArray(platformUsers.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}
