import { allows, type RouteAccess } from '@portal/domain/access';
import { AppError } from '../../platform/errors';
import { accessSubject, type RequestContext } from '../../platform/request-context';
import type { SubAgency } from './sub-agencies.repo';

/**
 * Who may read the money of sub-agencies. The routes declare `agencyManager` (statements, balance,
 * look-to-book: an agency manager with finance access) or `agencyBills` (a sub-agency's wallet
 * entries and transactions: an agency manager with `agencybills:read`); the authentication hook
 * refuses anyone else, and this check repeats it so that the use cases stand on their own.
 */
export function assertMayRead(
  ctx: RequestContext,
  access: Extract<RouteAccess, 'agencyManager' | 'agencyBills'>,
) {
  if (!allows(access, accessSubject(ctx))) throw new AppError('NO_ACCESS');
}

/**
 * The record rule: the agency must be below the caller's agency in the tree (a child, a
 * grandchild, ...; the manager watches its whole network). Its own agency, another tenant's,
 * a deleted or an unknown one is "not found" (404), so no other agency's existence is disclosed.
 */
export function assertInTree(tree: readonly SubAgency[], agencyId: number): SubAgency {
  const agency = tree.find((a) => a.id === agencyId);
  if (!agency) throw new AppError('NOT_FOUND');
  return agency;
}
