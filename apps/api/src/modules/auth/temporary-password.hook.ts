import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { apiKeyOf } from './auth.hook';

/**
 * What a user signed in with a generated temporary password may still call: read who they are,
 * choose a new password, log out. Everything else answers 403 201006 until the password changes.
 */
export const CALLS_WITH_TEMPORARY_PASSWORD = new Set([
  'GET /base/v2/me',
  'PUT /base/v2/me/password',
  'DELETE /base/v2/me',
]);

/**
 * Temporary passwords (a new sub-agency's super admin, a reset by the parent agency) must be
 * replaced at the next login: after the authentication hook has set `request.ctx`, a user whose
 * `must_change_password` is set is refused (PASSWORD_CHANGE_REQUIRED) on every other call.
 * `PUT /base/v2/me/password` clears the flag. A request made with the agency's API key is not
 * that person signing in: the key acts for the agency (through its super admin's access) and
 * works as soon as it is issued, whatever the state of the super admin's password (the auth hook
 * authenticates by the key whenever `X-Api-Key` is sent). Register after the authentication hook.
 */
export function registerTemporaryPasswordHook(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.ctx?.user.mustChangePassword || apiKeyOf(request) !== undefined) return;
    const call = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (!CALLS_WITH_TEMPORARY_PASSWORD.has(call)) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  });
}
