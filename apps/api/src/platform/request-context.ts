import type { FastifyRequest } from 'fastify';
import type { Locale } from '@portal/domain/locale';
import type { CompanyInfo } from '@portal/domain/auth';
import type { AccessSubject } from '@portal/domain/roles';
import { PLATFORM_API_PREFIX, type PlatformPermission } from '@portal/domain/platform';
import { AppError } from './errors';

/**
 * The row types of the signed-in user and their agency. The users and agencies modules declare
 * them (`declare module` in `users.schema.ts` and `agencies.schema.ts`, as Fastify's own types are
 * extended), so that platform names no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface TenantRows {}

type TenantRow<K extends string> = TenantRows extends Record<K, infer Row> ? Row : never;

/**
 * Who is asking, set by the authentication hook on protected routes. The user as the API presents
 * it (`presentUser`) is not part of it: only `/me` and login answer with it, and parsing the user's
 * settings for every request cost about 1 % of a request's CPU for nothing.
 */
export interface RequestContext {
  user: TenantRow<'user'>;
  agency: TenantRow<'agency'>;
  company: CompanyInfo;
  roles: string[];
  permissions: string[];
  locale: Locale;
  sessionId: string;
  requestId: string;
}

/** Who is asking on a platform route (`/platform/v2/…`), set by the authentication hook. */
export interface PlatformContext {
  admin: { id: number; username: string; permissions: PlatformPermission[] };
  sessionId: string;
  requestId: string;
  locale: Locale;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
    /** The platform admin of a platform route; null everywhere else (never both with `ctx`). */
    platform: PlatformContext | null;
  }
}

/** The context of an authenticated request; throws LOGIN_REQUIRED on a public route without one. */
export function requireCtx(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new AppError('LOGIN_REQUIRED');
  return request.ctx;
}

/** The platform admin of a platform route; throws LOGIN_REQUIRED without one. */
export function requirePlatform(request: FastifyRequest): PlatformContext {
  if (!request.platform) throw new AppError('LOGIN_REQUIRED');
  return request.platform;
}

/**
 * The caller as the domain's access rules see them: roles, permissions and company flags, with the
 * agency's own 'Hide PNR booking' when `ctx` carries the agency (as every request's context does).
 */
export function accessSubject(
  ctx: Pick<RequestContext, 'roles' | 'permissions' | 'company'> & {
    agency?: { commonConfig: { hidePnrBooking?: boolean | null } };
  },
): AccessSubject {
  const c = ctx.company.config.commonConfig;
  const hidePnrBooking = ctx.agency?.commonConfig.hidePnrBooking === true;
  return {
    roles: ctx.roles,
    permissions: ctx.permissions,
    company: {
      proxyLevel: ctx.company.proxyLevel,
      enableFlightService: c.enableFlightService,
      enableTrainService: c.enableTrainService,
      isShowBill: c.isShowBill,
      canCreateSubAgency: c.canCreateSubAgency,
      ...(hidePnrBooking ? { hidePnrBooking } : {}),
    },
  };
}

/** The client's address and agent, for user logs. */
export function clientInfo(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

/** The API's paths; `/public/` holds the calls a traveller's link makes without login. */
export const API_PREFIXES = ['/base/', '/order/', '/shopping/', '/public/'] as const;

/** The part of a request URL before its query. */
function pathnameOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** True for a path of the platform back office's API (`/platform/v2/…`; the web's `/platform` pages are not). */
export function isPlatformApiPath(url: string): boolean {
  const pathname = pathnameOf(url);
  return pathname.startsWith(PLATFORM_API_PREFIX) || pathname === PLATFORM_API_PREFIX.slice(0, -1);
}

/** The API's paths named whole: each prefix without its slash, and the health checks. */
const WHOLE_API_PATHS = new Set([
  ...API_PREFIXES.map((p) => p.slice(0, -1)),
  PLATFORM_API_PREFIX.slice(0, -1),
  '/healthz',
  '/readyz',
]);

/** True for a path of the API (every request asks, twice: written without a closure per call). */
export function isApiPath(url: string): boolean {
  const pathname = pathnameOf(url);
  if (WHOLE_API_PATHS.has(pathname) || pathname.startsWith(PLATFORM_API_PREFIX)) return true;
  for (const prefix of API_PREFIXES) if (pathname.startsWith(prefix)) return true;
  return false;
}
