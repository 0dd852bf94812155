import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { localeOf } from '../../platform/i18n';
import { isApiPath } from '../../platform/request-context';
import { presentCompany } from '../agencies/agencies.presenter';
import { presentUser } from '../users/users.presenter';
import type { AuthService } from './auth.service';

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * One authentication hook: API routes require a session unless their route config says
 * `public: true`. Sets `request.ctx` for authenticated requests.
 */
export function registerAuthHook(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('ctx', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !isApiPath(request.url)) return;
    const isPublic = request.routeOptions.config.public === true;
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      if (isPublic) return;
      throw new AppError('LOGIN_REQUIRED');
    }
    if (isPublic) return;
    const { session, user, agency } = await auth.authenticate(token);
    request.ctx = {
      user,
      agency,
      userInfo: presentUser(user),
      company: presentCompany(agency),
      roles: [...user.roles],
      permissions: [...user.permissions],
      locale: localeOf(request),
      sessionId: session.id,
      requestId: request.id,
    };
  });
}
