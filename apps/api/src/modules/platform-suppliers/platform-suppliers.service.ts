import type { AgencySuppliers, AgencySuppliersBody } from '@portal/domain/platform-suppliers';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  findAgencyById,
  lockAgency,
  readSupplierAllowList,
  type AgencyRow,
  type SupplierAllowList,
  writeSupplierAllowList,
} from '../agencies/index';

/** The suppliers of one kind the app is configured with (a registry, by name). */
export interface NamedSuppliers {
  list(): readonly { readonly name: string; readonly optIn?: boolean; readonly testMode?: boolean }[];
}

function kindState(suppliers: NamedSuppliers, allowed: string[] | null): AgencySuppliers['flight'] {
  const list = suppliers.list();
  return {
    configured: list.map((s) => s.name),
    allowed,
    optIn: list.filter((s) => s.optIn === true).map((s) => s.name),
    testMode: list.filter((s) => s.testMode === true).map((s) => s.name),
  };
}

export interface PlatformSuppliersDeps {
  db: Db;
  now: () => Date;
  flight: NamedSuppliers;
  rail: NamedSuppliers;
}

/** Writes one entry of the platform audit log in the caller's transaction (`recordPlatformAction`). */
export type RecordSuppliersAction = (
  tx: Db,
  entry: {
    action: 'agency.suppliers';
    targetType: string;
    targetId: string;
    before: unknown;
    after: unknown;
  },
) => Promise<void>;

/** A live top-level agency, else 404 (the allow-list is set on the top of a tree only). */
function topLevel(row: AgencyRow | undefined): AgencyRow {
  if (!row || row.parentId !== null || row.deletedAt !== null) throw new AppError('NOT_FOUND');
  return row;
}

function present(deps: PlatformSuppliersDeps, agency: AgencyRow, list: SupplierAllowList): AgencySuppliers {
  return {
    agencyId: agency.id,
    agencyName: agency.name,
    flight: kindState(deps.flight, list.flight),
    rail: kindState(deps.rail, list.rail),
  };
}

/** GET /platform/v2/agencies/:id/suppliers. */
export async function getAgencySuppliers(
  deps: PlatformSuppliersDeps,
  agencyId: number,
): Promise<AgencySuppliers> {
  const agency = topLevel(await findAgencyById(deps.db, agencyId));
  return present(deps, agency, await readSupplierAllowList(deps.db, agency.id));
}

/** Names that are not configured suppliers of their kind: 400 with the path of each. */
function checkNames(deps: PlatformSuppliersDeps, body: AgencySuppliersBody): void {
  const errors: { path: string; message: string }[] = [];
  for (const kind of ['flight', 'rail'] as const) {
    const configured = new Set(deps[kind].list().map((s) => s.name));
    (body[kind] ?? []).forEach((name, i) => {
      if (!configured.has(name)) errors.push({ path: `${kind}.${i}`, message: 'Not a configured supplier' });
    });
  }
  if (errors.length > 0) throw new AppError('ILLEGAL_INPUT', undefined, { errors });
}

/** PUT /platform/v2/agencies/:id/suppliers: replaces the allow-list, audited in the same transaction. */
export async function putAgencySuppliers(
  deps: PlatformSuppliersDeps,
  agencyId: number,
  body: AgencySuppliersBody,
  record: RecordSuppliersAction,
): Promise<AgencySuppliers> {
  checkNames(deps, body);
  return deps.db.transaction(async (tx) => {
    const agency = topLevel(await lockAgency(tx, agencyId));
    const before = await readSupplierAllowList(tx, agency.id);
    const after: SupplierAllowList = { flight: body.flight, rail: body.rail };
    await writeSupplierAllowList(tx, agency.id, after, deps.now());
    await record(tx, {
      action: 'agency.suppliers',
      targetType: 'agency',
      targetId: String(agency.id),
      before,
      after,
    });
    return present(deps, agency, after);
  });
}
