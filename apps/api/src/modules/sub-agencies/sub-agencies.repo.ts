import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { lookToBook } from '../shopping/index';
import { type AgencyRow } from '../agencies/index';
import { rowsOf } from '../../platform/db/rows';
import { ledgerAccounts } from '../wallet/index';

/** Deepest agency tree walked (a guard against a damaged parent chain). */
const MAX_TREE_DEPTH = 32;

interface TreeRow {
  id: number;
  name: string;
  parent_id: number | null;
  common_config: AgencyRow['commonConfig'];
  flight_settings: AgencyRow['flightSettings'];
  time_zone: string;
}

/** A sub-agency as the money pages read it. */
export interface SubAgency {
  id: number;
  name: string;
  parentId: number | null;
  commonConfig: AgencyRow['commonConfig'];
  flightSettings: AgencyRow['flightSettings'];
  /** Its time zone (company setting): its statement days begin at midnight there. */
  timeZone: string;
}

/**
 * Every agency below `rootId` (children, grandchildren, ...), deleted ones left out, sorted by
 * name and id. `union` (not `union all`) and the depth bound stop on a damaged parent chain.
 */
export async function subAgencyTree(db: Db, rootId: number): Promise<SubAgency[]> {
  const rows = await rowsOf<TreeRow>(
    db,
    sql`with recursive tree(id, depth) as (
      select id, 1 from agencies where parent_id = ${rootId} and deleted_at is null and id <> ${rootId}
      union
      select a.id, tree.depth + 1 from agencies a join tree on a.parent_id = tree.id
        where a.deleted_at is null and a.id <> ${rootId} and tree.depth < ${MAX_TREE_DEPTH}
    )
    select a.id, a.name, a.parent_id, a.common_config, a.flight_settings, a.time_zone
    from agencies a where a.id in (select id from tree)
    order by a.name, a.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    commonConfig: r.common_config,
    flightSettings: r.flight_settings,
    timeZone: r.time_zone,
  }));
}

/** The credit limit of each agency wallet of `agencyIds`, by agency id and currency. */
export async function walletCreditLimits(
  db: Db,
  agencyIds: readonly number[],
): Promise<{ agencyId: number; currency: string; creditLimitMinor: number }[]> {
  if (agencyIds.length === 0) return [];
  return db
    .select({
      agencyId: ledgerAccounts.agencyId,
      currency: ledgerAccounts.currency,
      creditLimitMinor: ledgerAccounts.creditLimitMinor,
    })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.agencyId, [...agencyIds]), eq(ledgerAccounts.kind, 'agency_wallet')));
}

/** The agency's look-to-book counters of the days `from`..`to` (inclusive), by day. */
export async function lookToBookDays(
  db: Db,
  agencyId: number,
  from: string,
  to: string,
): Promise<{ day: string; searches: number; bookings: number }[]> {
  return db
    .select({ day: lookToBook.day, searches: lookToBook.searches, bookings: lookToBook.bookings })
    .from(lookToBook)
    .where(and(eq(lookToBook.agencyId, agencyId), between(lookToBook.day, from, to)))
    .orderBy(asc(lookToBook.day));
}
