import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows, API_KEY_HEADER, isRouteAccess, ROUTE_ACCESS, type RouteAccess } from '@portal/domain/access';
import type { AgencyRow } from '../agencies/index';
import type { UserRow } from '../users/index';
import { AppError } from '../../platform/errors';
import { localeOf } from '../../platform/i18n';
import { accessSubject, isApiPath, type RequestContext } from '../../platform/request-context';
import { presentCompany } from '../agencies/index';
import { presentUser } from '../users/index';
import type { AuthService } from './auth.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (`ROUTE_ACCESS` of `@portal/domain/access`); every API route has one. */
    access?: RouteAccess;
  }
}

/** Who an API key stands for: its id (used as the request's session id), user and agency. */
export interface ApiKeyIdentity {
  keyId: string;
  user: UserRow;
  agency: AgencyRow;
}

/** Resolves an API key to its identity; unknown, revoked or unusable keys throw LOGIN_REQUIRED. */
export type ApiKeyAuthenticator = (key: string) => Promise<ApiKeyIdentity>;

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The `X-Api-Key` header of a request, when it carries exactly one. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[API_KEY_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The access a route declares; `undefined` for routes outside the API (static files). */
export function routeAccessOf(request: FastifyRequest): RouteAccess | undefined {
  return request.routeOptions.config.access;
}

/**
 * One authentication and access hook for the API:
 * - every API route must declare `config.access`: a route without it fails at startup;
 * - `public` routes run without a caller;
 * - any other route needs a session (`Authorization: Bearer`) or an agency API key
 *   (`X-Api-Key`, when `apiKeys` is given), else 401; `request.ctx` is set;
 * - the caller must pass the route's access rule (`allows`), else 403 NO_ACCESS, before the
 *   handler runs. Record-level rules (whose order, which sub-agency) stay in the policies.
 */
export function registerAuthHook(
  app: FastifyInstance,
  auth: AuthService,
  apiKeys?: ApiKeyAuthenticator,
): void {
  app.decorateRequest('ctx', null);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const access: unknown = route.config?.access;
    if (!isRouteAccess(access)) {
      throw new Error(
        `${String(route.method)} ${route.url}: config.access must be one of ${ROUTE_ACCESS.join(', ')}`,
      );
    }
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !isApiPath(request.url)) return;
    const access = routeAccessOf(request);
    if (access === undefined) throw new AppError('NO_ACCESS');
    if (access === 'public') return;
    const key = apiKeys ? apiKeyOf(request) : undefined;
    let identity: { user: UserRow; agency: AgencyRow; sessionId: string };
    if (key !== undefined && apiKeys) {
      const found = await apiKeys(key);
      identity = { user: found.user, agency: found.agency, sessionId: found.keyId };
    } else {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('LOGIN_REQUIRED');
      const { session, user, agency } = await auth.authenticate(token);
      identity = { user, agency, sessionId: session.id };
    }
    const { user, agency, sessionId } = identity;
    const ctx: RequestContext = {
      user,
      agency,
      userInfo: presentUser(user),
      company: presentCompany(agency),
      roles: [...user.roles],
      permissions: [...user.permissions],
      locale: localeOf(request),
      sessionId,
      requestId: request.id,
    };
    request.ctx = ctx;
    if (!allows(access, accessSubject(ctx))) throw new AppError('NO_ACCESS');
  });
}
