import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';

/** The actions of user management (spec §2 /users, §6). */
export type UserAction = 'list' | 'create' | 'update' | 'resetPassword' | 'delete';

/**
 * Who may do what on `/users`:
 * - every signed-in user of an agency may list that agency's users (the route needs no role in
 *   spec §2), read-only;
 * - only a SuperUser of the agency may add, edit, reset a password or delete;
 * - a user of another agency never sees the record: `userScope` is the query condition, and an
 *   id outside it is answered 404 by the service.
 */
export function canManageUsers(ctx: RequestContext): boolean {
  return ctx.roles.includes('SuperUser');
}

/** Throws NO_ACCESS (403) unless the caller may perform `action`. */
export function assertCanUsers(ctx: RequestContext, action: UserAction): void {
  if (action === 'list') return;
  if (!canManageUsers(ctx)) throw new AppError('NO_ACCESS');
}

/** The records the caller may see: the users of the caller's own agency. */
export function userScope(ctx: RequestContext): { agencyId: number } {
  return { agencyId: ctx.agency.id };
}
