import type { RequestContext } from '../../platform/request-context';

/**
 * Who may do what with an agency's profile (/company): every user of the agency reads their own
 * agency's profile (route access `session`); only its SuperUser changes it (`superuser`, which
 * `canEditCompany` tells the profile). Nobody reaches another agency's profile: the routes take
 * no agency id, the agency is always the caller's.
 */
export function canEditCompany(ctx: Pick<RequestContext, 'roles'>): boolean {
  return ctx.roles.includes('SuperUser');
}
