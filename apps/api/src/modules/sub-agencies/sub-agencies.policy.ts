import { AppError } from '../../platform/errors';
import type { SubAgency } from './sub-agencies.repo';

/**
 * Who may read the money of sub-agencies is the routes' access: `agencyManager` (statements,
 * balance, look-to-book: an agency manager with finance access) or `agencyBills` (a sub-agency's
 * wallet entries and transactions: an agency manager with `agencybills:read`), checked by the
 * authentication hook before the handler runs.
 *
 * The record rule: the agency must be below the caller's agency in the tree (a child, a
 * grandchild, ...; the manager watches its whole network). Its own agency, another tenant's,
 * a deleted or an unknown one is "not found" (404), so no other agency's existence is disclosed.
 */
export function assertInTree(tree: readonly SubAgency[], agencyId: number): SubAgency {
  const agency = tree.find((a) => a.id === agencyId);
  if (!agency) throw new AppError('NOT_FOUND');
  return agency;
}
