import { AppError } from '../../platform/errors';
import type { Db } from '../../platform/db';
import { findAgencyById, lockAgency, type AgencyRow } from '../agencies/index';

/** Whether the platform may move money for the agency now: live (not deleted) and not suspended. */
export function isActiveAgency(agency: Pick<AgencyRow, 'enabled' | 'deletedAt' | 'suspendedAt'>): boolean {
  return agency.deletedAt === null && agency.suspendedAt === null && agency.enabled;
}

/**
 * The agency the platform funds or credits, locked until the transaction ends (its requests and
 * approvals run one after the other, and it cannot be suspended meanwhile): 404 when unknown,
 * AGENCY_NOT_ACTIVE when suspended or deleted, FUNDING_NOT_TOP_LEVEL for a sub-agency (its parent
 * funds it).
 */
export async function lockFundableAgency(tx: Db, agencyId: number): Promise<AgencyRow> {
  const agency = await lockAgency(tx, agencyId);
  if (!agency) {
    if (await findAgencyById(tx, agencyId)) throw new AppError('AGENCY_NOT_ACTIVE', undefined, { agencyId });
    throw new AppError('NOT_FOUND', undefined, { agencyId });
  }
  if (agency.parentId !== null) throw new AppError('FUNDING_NOT_TOP_LEVEL', undefined, { agencyId });
  if (!isActiveAgency(agency)) throw new AppError('AGENCY_NOT_ACTIVE', undefined, { agencyId });
  return agency;
}
