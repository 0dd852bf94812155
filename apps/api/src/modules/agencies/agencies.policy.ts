import { allows, type RouteAccess } from '@portal/domain/access';
import type { Db } from '../../platform/db';
import type { AgencyRow } from './agencies.schema';
import { AppError } from '../../platform/errors';
import { accessSubject, type RequestContext } from '../../platform/request-context';
import { findAgencyById, isBelow } from './agencies.repo';

/**
 * Who may do what with sub-agencies (spec §6 agency manager, super admin per agency):
 * - `list` (the tree, a logo of the tree): `agencyManager` (agency manager with finance access);
 * - `create`, `update`, `delete`, `resetSuperAdmin`, `logo`: `agencyAdmin` (agency manager and
 *   SuperUser);
 * and the record must lie BELOW the caller's agency (a child or deeper, not deleted). The
 * caller's own agency is 403 (it is managed by its parent); another tenant's agency, a deleted
 * one or an unknown id is 404, so that another agency's existence is not disclosed.
 */
export type AgencyAction = 'list' | 'create' | 'update' | 'delete' | 'resetSuperAdmin' | 'logo';

const ACTION_ACCESS: Record<AgencyAction, RouteAccess> = {
  list: 'agencyManager',
  create: 'agencyAdmin',
  update: 'agencyAdmin',
  delete: 'agencyAdmin',
  resetSuperAdmin: 'agencyAdmin',
  logo: 'agencyAdmin',
};

/** Refuses (403) a caller whose role and company may not do `action` at all. */
export function assertCanAgencies(ctx: RequestContext, action: AgencyAction): void {
  if (!allows(ACTION_ACCESS[action], accessSubject(ctx))) throw new AppError('NO_ACCESS');
}

/** The live agency `id` below the caller's agency, for `action`; 403/404 as the policy says. */
export async function managedAgency(
  db: Db,
  ctx: RequestContext,
  action: AgencyAction,
  id: number,
): Promise<AgencyRow> {
  assertCanAgencies(ctx, action);
  if (id === ctx.agency.id) throw new AppError('NO_ACCESS');
  if (!(await isBelow(db, ctx.agency.id, id))) throw new AppError('NOT_FOUND');
  const agency = await findAgencyById(db, id);
  if (!agency || agency.deletedAt) throw new AppError('NOT_FOUND');
  return agency;
}

/**
 * The agency a new (or moved) sub-agency goes under: the caller's agency, or one below it whose
 * config allows sub-agencies (else 409 PARENT_CANNOT_HAVE_SUB_AGENCIES); anything else is 404.
 */
export async function allowedParent(db: Db, ctx: RequestContext, parentId: number | undefined) {
  if (parentId === undefined || parentId === ctx.agency.id) return ctx.agency;
  if (!(await isBelow(db, ctx.agency.id, parentId))) throw new AppError('NOT_FOUND');
  const parent = await findAgencyById(db, parentId);
  if (!parent || parent.deletedAt) throw new AppError('NOT_FOUND');
  if (parent.commonConfig.canCreateSubAgency !== true) throw new AppError('PARENT_CANNOT_HAVE_SUB_AGENCIES');
  return parent;
}

/**
 * The logo of `id` may be read by the agency's own users and by the agency managers above it
 * (`list`); anything else is 404.
 */
export async function assertCanReadLogo(db: Db, ctx: RequestContext, id: number): Promise<void> {
  if (id === ctx.agency.id) return;
  if (!allows(ACTION_ACCESS.list, accessSubject(ctx))) throw new AppError('NOT_FOUND');
  if (!(await isBelow(db, ctx.agency.id, id))) throw new AppError('NOT_FOUND');
}
