import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { agencies, type AgencyRow } from '../agencies/index';
import { ledgerAccounts } from '../wallet/index';
import { lookToBook } from '../shopping/index';
import { users } from '../users/index';

/** The ids of `root` and every agency below it, deleted ones included (a recursive walk down). */
function treeOf(root: number | SQL): SQL {
  return sql`(with recursive down(id, depth) as (
      select id, 0 from ${agencies} where id = ${root}
      union all
      select a.id, down.depth + 1 from ${agencies} a
        join down on a.parent_id = down.id
        where down.depth < 64
    ) select id from down)`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface TopAgencyFilter {
  keyword?: string;
  /** Only these agencies (one agency's row after a change). */
  ids?: number[];
  status?: 'active' | 'suspended';
  page: number;
  pageSize: number;
}

/** One live top-level agency of a page, with what the platform's list shows beside it. */
export interface TopAgencyRow {
  agency: AgencyRow;
  subAgencies: number;
}

function topWhere(filter: TopAgencyFilter): SQL {
  const parts: SQL[] = [sql`a.parent_id is null`, sql`a.deleted_at is null`];
  if (filter.keyword) {
    const like = `%${escapeLike(filter.keyword)}%`;
    parts.push(sql`(a.name ilike ${like} or a.alias ilike ${like} or a.partner_code ilike ${like})`);
  }
  if (filter.ids) parts.push(sql`a.id in ${filter.ids}`);
  if (filter.status === 'suspended') parts.push(sql`a.suspended_at is not null`);
  if (filter.status === 'active') parts.push(sql`a.suspended_at is null`);
  return sql.join(parts, sql` and `);
}

/** A page of the live top-level agencies by name, and how many match. */
export async function listTopAgencies(
  db: Db,
  filter: TopAgencyFilter,
): Promise<{ rows: TopAgencyRow[]; total: number }> {
  const where = topWhere(filter);
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${agencies} a where ${where}`,
  );
  const ids = await rowsOf<{ id: number; sub_agencies: number }>(
    db,
    sql`select a.id, (select count(*)::int - 1 from ${treeOf(sql`a.id`)} t) as sub_agencies
      from ${agencies} a where ${where}
      order by lower(a.name), a.id
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  if (ids.length === 0) return { rows: [], total: counted?.total ?? 0 };
  const rows = await db
    .select()
    .from(agencies)
    .where(
      inArray(
        agencies.id,
        ids.map((r) => Number(r.id)),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const page: TopAgencyRow[] = [];
  for (const { id, sub_agencies } of ids) {
    const agency = byId.get(Number(id));
    if (agency) page.push({ agency, subAgencies: Number(sub_agencies) });
  }
  return { rows: page, total: counted?.total ?? 0 };
}

/** The agency wallets (`agency_wallet` accounts) of `ids`, every currency. */
export async function walletsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.agencyId, ids), eq(ledgerAccounts.kind, 'agency_wallet')));
}

/** Searches and bookings of each agency's whole tree over the UTC days from `fromDay` (inclusive). */
export async function treeLookToBook(
  db: Db,
  ids: number[],
  fromDay: string,
): Promise<Map<number, { searches: number; bookings: number }>> {
  const found = new Map<number, { searches: number; bookings: number }>();
  for (const id of ids) {
    const [row] = await rowsOf<{ searches: number; bookings: number }>(
      db,
      sql`select coalesce(sum(l.searches), 0)::int as searches, coalesce(sum(l.bookings), 0)::int as bookings
        from ${lookToBook} l where l.agency_id in ${treeOf(id)} and l.day >= ${fromDay}`,
    );
    found.set(id, { searches: Number(row?.searches ?? 0), bookings: Number(row?.bookings ?? 0) });
  }
  return found;
}

/** Sets (or clears, with `null`) the suspension of `rootId` and every agency below it. */
export async function setTreeSuspension(
  tx: Db,
  rootId: number,
  suspension: { at: Date; reason: string; by: number } | null,
): Promise<void> {
  await tx.execute(
    sql`update ${agencies} set
        suspended_at = ${suspension ? suspension.at.toISOString() : null}::timestamptz,
        suspension_reason = ${suspension ? suspension.reason : null}::text,
        suspended_by = ${suspension ? suspension.by : null}::int
      where id in ${treeOf(rootId)}`,
  );
}

/** The ids of the users of `rootId` and every agency below it (to drop their cached sessions). */
export async function treeUserIds(db: Db, rootId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select u.id from ${users} u where u.agency_id in ${treeOf(rootId)}`,
  );
  return rows.map((r) => Number(r.id));
}
