import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';

/**
 * Who may do what with an agency's profile (/company): every user of the agency reads their own
 * agency's profile; only its SuperUser changes it. Nobody reaches another agency's profile: the
 * routes take no agency id, the agency is always the caller's.
 */
export function canEditCompany(ctx: Pick<RequestContext, 'roles'>): boolean {
  return ctx.roles.includes('SuperUser');
}

/** Refuses (403) a caller who may not change the profile. */
export function assertCanEditCompany(ctx: Pick<RequestContext, 'roles'>): void {
  if (!canEditCompany(ctx)) throw new AppError('NO_ACCESS');
}
