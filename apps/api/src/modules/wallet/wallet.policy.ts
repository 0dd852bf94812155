import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';

/**
 * The agency a top-up or credit change is for: its id, its parent (null at the top level) and
 * when it was deleted (null while it exists).
 */
export interface FundedAgency {
  id: number;
  parentId: number | null;
  deletedAt: Date | null;
}

/**
 * Top-up and credit limit (spec §6 agency manager, §7 `…/{id}/balance`, `…/{id}/credit`): money
 * comes from the parent. The caller passed the routes' access `agencyManager` (an agency manager
 * with finance access, checked by the authentication hook); the target must be one of its DIRECT
 * sub-agencies. An agency never funds itself or sets its own credit (403);
 * a grandchild, another tenant's agency, a deleted sub-agency or an unknown id is "not found"
 * (404), so that another agency's existence is not disclosed and a deleted one's wallet stays
 * empty (deletion requires it empty). Top-level agencies are funded by the platform's operators
 * through the ledger, never through this API.
 */
export function assertCanFundAgency<T extends FundedAgency>(
  ctx: RequestContext,
  target: T | undefined,
): asserts target is T {
  if (target?.id === ctx.agency.id) throw new AppError('NO_ACCESS');
  if (!target || target.parentId !== ctx.agency.id || target.deletedAt) throw new AppError('NOT_FOUND');
}
