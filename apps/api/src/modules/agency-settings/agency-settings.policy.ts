import { allows, type RouteAccess } from '@portal/domain/access';
import { AppError } from '../../platform/errors';
import { accessSubject, type RequestContext } from '../../platform/request-context';

/** The agency a settings call is about, and whether it lies below the caller's agency. */
export interface SettingsTarget {
  id: number;
  /** True when the caller's agency is an ancestor of it (parent, grandparent, ...). */
  below: boolean;
}

/**
 * Settings and price chain of a sub-agency (`/base/v2/agencies/{id}/config`, `.../price-chain`):
 * the caller must pass the route's access (`agencyAdmin` to read and change the settings,
 * `agencyManager` to read the price chain), and the agency must lie below the caller's agency in
 * the tree (a child or deeper). An agency never reaches its own settings through these routes
 * (403: they come from its parent, or from the operators' seed at the top level); another
 * tenant's agency or an unknown id is 404, so that another agency's existence is not disclosed.
 */
export function assertCanReachSettings(
  ctx: RequestContext,
  access: Extract<RouteAccess, 'agencyAdmin' | 'agencyManager'>,
  target: SettingsTarget | undefined,
): asserts target is SettingsTarget {
  if (!allows(access, accessSubject(ctx))) throw new AppError('NO_ACCESS');
  if (target?.id === ctx.agency.id) throw new AppError('NO_ACCESS');
  if (!target?.below) throw new AppError('NOT_FOUND');
}
