import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  allows,
  allowsPlatform,
  API_KEY_HEADER,
  isPlatformAccess,
  isRouteAccess,
  ROUTE_ACCESS,
  type PlatformAccess,
  type RouteAccess,
} from '@portal/domain/access';
import { isPlatformToken } from '@portal/domain/platform';
import type { AgencyRow } from '../agencies/index';
import type { UserRow } from '../users/index';
import { AppError } from '../../platform/errors';
import { localeOf } from '../../platform/i18n';
import {
  accessSubject,
  isApiPath,
  isPlatformApiPath,
  type PlatformContext,
  type RequestContext,
} from '../../platform/request-context';
import { presentCompany } from '../agencies/index';
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

/**
 * Resolves a platform session token (the platform-admin module's, wired in `app.ts`) to its admin
 * and session; unknown, ended or disabled ones throw as agency sessions do.
 */
export type PlatformAuthenticator = (
  token: string,
) => Promise<{ admin: PlatformContext['admin']; sessionId: string }>;

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

/** Checks where a route's access name may be used: platform names on platform paths only. */
function checkRouteAccess(method: string, url: string, access: unknown): void {
  if (!isRouteAccess(access)) {
    throw new Error(`${method} ${url}: config.access must be one of ${ROUTE_ACCESS.join(', ')}`);
  }
  const platformPath = isPlatformApiPath(url);
  if (access !== 'public' && platformPath !== isPlatformAccess(access)) {
    throw new Error(
      platformPath
        ? `${method} ${url}: a platform route's config.access must be public or a platform name`
        : `${method} ${url}: the platform access names are for /platform/v2/ routes only`,
    );
  }
}

/**
 * A platform route's caller: a platform session token only (an agency session or API key is
 * refused with NO_ACCESS), whose admin passes the route's platform access name.
 */
async function authenticatePlatform(
  request: FastifyRequest,
  access: PlatformAccess,
  platform: PlatformAuthenticator | undefined,
): Promise<void> {
  if (apiKeyOf(request) !== undefined) throw new AppError('NO_ACCESS');
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('LOGIN_REQUIRED');
  if (!isPlatformToken(token) || !platform) throw new AppError('NO_ACCESS');
  const { admin, sessionId } = await platform(token);
  request.platform = { admin, sessionId, requestId: request.id, locale: localeOf(request) };
  if (!allowsPlatform(access, admin.permissions)) throw new AppError('NO_ACCESS');
}

/**
 * One authentication and access hook for the API:
 * - every API route must declare `config.access`: a route without it fails at startup, and so
 *   does a platform name outside `/platform/v2/` or an agency name inside it;
 * - `public` routes run without a caller;
 * - a platform route (`platform`, `platformFinance`, `platformSupport`) needs a platform session
 *   (`Authorization: Bearer plt.…`), else 401 without a token, 403 NO_ACCESS with an agency
 *   session or API key; `request.platform` is set;
 * - an agency route refuses a platform session token (403 NO_ACCESS);
 * - any other route needs a session (`Authorization: Bearer`) or an agency API key
 *   (`X-Api-Key`, when `apiKeys` is given), else 401; `request.ctx` is set;
 * - the caller must pass the route's access rule (`allows`), else 403 NO_ACCESS, before the
 *   handler runs. Record-level rules (whose order, which sub-agency) stay in the policies.
 */
export function registerAuthHook(
  app: FastifyInstance,
  auth: AuthService,
  apiKeys?: ApiKeyAuthenticator,
  platform?: PlatformAuthenticator,
): void {
  app.decorateRequest('ctx', null);
  app.decorateRequest('platform', null);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    checkRouteAccess(String(route.method), route.url, route.config?.access);
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !isApiPath(request.url)) return;
    const access = routeAccessOf(request);
    if (access === undefined) throw new AppError('NO_ACCESS');
    if (access === 'public') return;
    if (isPlatformAccess(access)) {
      await authenticatePlatform(request, access, platform);
      return;
    }
    const key = apiKeys ? apiKeyOf(request) : undefined;
    let identity: { user: UserRow; agency: AgencyRow; sessionId: string };
    if (key !== undefined && apiKeys) {
      const found = await apiKeys(key);
      identity = { user: found.user, agency: found.agency, sessionId: found.keyId };
    } else {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('LOGIN_REQUIRED');
      // A platform admin never acts inside an agency, whatever the route.
      if (isPlatformToken(token)) throw new AppError('NO_ACCESS');
      const { session, user, agency } = await auth.authenticate(token);
      identity = { user, agency, sessionId: session.id };
    }
    const { user, agency, sessionId } = identity;
    const ctx: RequestContext = {
      user,
      agency,
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
