import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { agencySuppliers } from './agency-suppliers.schema';

/** The suppliers an agency's tree may use by kind; null: every configured one. */
export interface SupplierAllowList {
  flight: string[] | null;
  rail: string[] | null;
}

export const ALL_SUPPLIERS: SupplierAllowList = { flight: null, rail: null };

/** The top-level agency above `agencyId` (itself when it has no parent); null when unknown. */
export async function topAgencyIdOf(db: Db, agencyId: number): Promise<number | null> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from agencies where id = ${agencyId}
          union all
          select a.id, a.parent_id, up.depth + 1 from agencies a
            join up on a.id = up.parent_id
            where up.depth < 64
        )
        select id from up where parent_id is null limit 1`,
  );
  return rows[0]?.id ?? null;
}

/** The allow-list stored for a top-level agency (no row: every supplier). */
export async function readSupplierAllowList(db: Db, topAgencyId: number): Promise<SupplierAllowList> {
  const [row] = await db
    .select()
    .from(agencySuppliers)
    .where(eq(agencySuppliers.agencyId, topAgencyId))
    .limit(1);
  return row ? { flight: row.flight ?? null, rail: row.rail ?? null } : ALL_SUPPLIERS;
}

/** The suppliers the agency may use: those its top-level agency was allowed by the platform. */
export async function suppliersAllowedFor(db: Db, agencyId: number): Promise<SupplierAllowList> {
  const top = await topAgencyIdOf(db, agencyId);
  return top === null ? ALL_SUPPLIERS : readSupplierAllowList(db, top);
}

/**
 * Whether a supplier of that kind is in the list: null allows every supplier except the opt-in
 * ones (a real supplier such as Duffel), which only an explicit list switches on.
 */
export function supplierInList(list: string[] | null, supplier: string, optIn = false): boolean {
  return list === null ? !optIn : list.includes(supplier);
}

/** Stores a top-level agency's allow-list (replacing the previous one). */
export async function writeSupplierAllowList(
  tx: Db,
  topAgencyId: number,
  list: SupplierAllowList,
  at: Date,
): Promise<void> {
  await tx
    .insert(agencySuppliers)
    .values({ agencyId: topAgencyId, flight: list.flight, rail: list.rail, updatedAt: at })
    .onConflictDoUpdate({
      target: agencySuppliers.agencyId,
      set: { flight: list.flight, rail: list.rail, updatedAt: at },
    });
}
