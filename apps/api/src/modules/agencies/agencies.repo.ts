import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { likeContaining } from '../../platform/db/like';
import { agencies, type AgencyRow } from './agencies.schema';
import { users } from '../users/index';
import { rowsOf } from '../../platform/db/rows';

export async function findAgencyById(db: Db, id: number): Promise<AgencyRow | undefined> {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, id)).limit(1);
  return row;
}

/** Agencies that were not deleted. */
const live = isNull(agencies.deletedAt);

/**
 * True when `id` lies below `ancestorId` in the agency tree (a child, grandchild, …), and neither
 * it nor anything on the way up was deleted. An agency is not below itself.
 */
export async function isBelow(db: Db, ancestorId: number, id: number): Promise<boolean> {
  if (ancestorId === id) return false;
  const rows = await rowsOf<{ found: boolean }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from agencies where id = ${id} and deleted_at is null
          union all
          select a.id, a.parent_id, up.depth + 1 from agencies a
            join up on a.id = up.parent_id
            where a.deleted_at is null and up.depth < 64
        )
        select exists(select 1 from up where parent_id = ${ancestorId}) as found`,
  );
  return rows[0]?.found === true;
}

/** The ids of every live agency below `rootId` (any depth). */
function descendantsOf(rootId: number): SQL {
  return sql`(with recursive down(id, depth) as (
      select id, 1 from agencies where parent_id = ${rootId} and deleted_at is null
      union all
      select a.id, down.depth + 1 from agencies a
        join down on a.parent_id = down.id
        where a.deleted_at is null and down.depth < 64
    ) select id from down)`;
}

export interface AgencyPage {
  rows: AgencyRow[];
  total: number;
}

/**
 * One page of the tree below `rootId`, oldest first: without `keyword` its direct children; with
 * it, every agency below it whose name, alias, partner code, contact name, e-mail or phone
 * contains the keyword.
 */
export async function listAgencies(
  db: Db,
  rootId: number,
  keyword: string | undefined,
  page: number,
  pageSize: number,
): Promise<AgencyPage> {
  let where: SQL | undefined;
  if (keyword) {
    const pattern = likeContaining(keyword);
    where = and(
      live,
      sql`${agencies.id} in ${descendantsOf(rootId)}`,
      or(
        ilike(agencies.name, pattern),
        ilike(agencies.alias, pattern),
        ilike(agencies.partnerCode, pattern),
        sql`${agencies.profile}->>'contactName' ilike ${pattern}`,
        sql`${agencies.profile}->>'email' ilike ${pattern}`,
        sql`${agencies.profile}->'phone'->>'number' ilike ${pattern}`,
      ),
    );
  } else {
    where = and(live, eq(agencies.parentId, rootId));
  }
  const [counted] = await db.select({ n: count() }).from(agencies).where(where);
  const rows = await db
    .select()
    .from(agencies)
    .where(where)
    .orderBy(asc(agencies.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: counted?.n ?? 0 };
}

/** The live direct children of each of `parentIds`, oldest first, at most `limit` per parent. */
export async function childrenOf(db: Db, parentIds: number[], limit: number): Promise<AgencyRow[]> {
  if (parentIds.length === 0) return [];
  const rows = await db
    .select()
    .from(agencies)
    .where(and(live, inArray(agencies.parentId, parentIds)))
    .orderBy(asc(agencies.id));
  const seen = new Map<number, number>();
  return rows.filter((row) => {
    const n = (seen.get(row.parentId ?? 0) ?? 0) + 1;
    seen.set(row.parentId ?? 0, n);
    return n <= limit;
  });
}

/** How many live direct children each of `ids` has. */
export async function childCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ parentId: agencies.parentId, n: count() })
    .from(agencies)
    .where(and(live, inArray(agencies.parentId, ids)))
    .groupBy(agencies.parentId);
  return new Map(rows.flatMap((r) => (r.parentId === null ? [] : [[r.parentId, r.n] as const])));
}

export interface SuperAdmin {
  id: number;
  username: string;
  agencyId: number;
}

/** The first (oldest) SuperUser of each of `ids` that is not deleted. */
export async function superAdminsOf(db: Db, ids: number[]): Promise<Map<number, SuperAdmin>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, agencyId: users.agencyId })
    .from(users)
    .where(
      and(inArray(users.agencyId, ids), sql`'SuperUser' = any(${users.roles})`, ne(users.status, 'deleted')),
    )
    .orderBy(asc(users.id));
  const found = new Map<number, SuperAdmin>();
  for (const row of rows) if (!found.has(row.agencyId)) found.set(row.agencyId, row);
  return found;
}

/** Locks the agency row for the rest of the transaction and answers it (undefined if gone or deleted). */
export async function lockAgency(tx: Db, id: number): Promise<AgencyRow | undefined> {
  const [row] = await tx
    .select()
    .from(agencies)
    .where(and(eq(agencies.id, id), live))
    .for('update');
  return row;
}

/**
 * Inserts an agency with `partnerCode` unless another agency holds that code: answers the new
 * row, or undefined on that collision (the caller draws another code; nothing is aborted).
 */
export async function insertAgencyWithCode(
  tx: Db,
  values: typeof agencies.$inferInsert & { partnerCode: string },
): Promise<AgencyRow | undefined> {
  const [row] = await tx
    .insert(agencies)
    .values(values)
    .onConflictDoNothing({ target: agencies.partnerCode })
    .returning();
  return row;
}

export async function updateAgency(
  tx: Db,
  id: number,
  set: Partial<typeof agencies.$inferInsert>,
): Promise<AgencyRow | undefined> {
  const [row] = await tx.update(agencies).set(set).where(eq(agencies.id, id)).returning();
  return row;
}

/**
 * Locks the agency's row (deleted or not) for the rest of the transaction: the users module
 * runs the user changes of one agency one at a time under it (`UsersDeps.lockAgency`).
 */
export async function lockAgencyRow(tx: Db, id: number): Promise<void> {
  await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id)).for('update');
}

/**
 * Marks the agency deleted and every one of its users `deleted`, in the caller's transaction.
 * Answers the ids of the users, whose sessions the caller ends.
 */
export async function markAgencyDeleted(tx: Db, id: number): Promise<number[]> {
  await tx
    .update(agencies)
    .set({ deletedAt: sql`now()`, enabled: false })
    .where(eq(agencies.id, id));
  const gone = await tx
    .update(users)
    .set({ status: 'deleted' })
    .where(eq(users.agencyId, id))
    .returning({ id: users.id });
  return gone.map((u) => u.id);
}

/** The live agency that holds `partnerCode`, if any. */
export async function findAgencyByPartnerCode(db: Db, partnerCode: string): Promise<AgencyRow | undefined> {
  const [row] = await db
    .select()
    .from(agencies)
    .where(and(eq(agencies.partnerCode, partnerCode), live))
    .limit(1);
  return row;
}
