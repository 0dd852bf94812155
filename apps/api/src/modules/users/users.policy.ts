import type { RequestContext } from '../../platform/request-context';

/**
 * Who may do what on `/users`:
 * - every signed-in user of an agency may list that agency's users (the route needs no role in
 *   spec §2; route access `session`), read-only;
 * - only a SuperUser of the agency may add, edit, reset a password or delete (route access
 *   `superuser`); `canManageUsers` tells the list whether to offer those actions;
 * - a user of another agency never sees the record: `userScope` is the query condition, and an
 *   id outside it is answered 404 by the service.
 */
export function canManageUsers(ctx: RequestContext): boolean {
  return ctx.roles.includes('SuperUser');
}

/** The records the caller may see: the users of the caller's own agency. */
export function userScope(ctx: RequestContext): { agencyId: number } {
  return { agencyId: ctx.agency.id };
}
