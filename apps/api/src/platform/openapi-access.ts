import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import {
  API_KEY_HEADER,
  isPlatformAccess,
  isRouteAccess,
  ROUTE_ACCESS_MEANING,
  type RouteAccess,
} from '@portal/domain/access';

/**
 * The two ways a caller proves who they are (see `modules/auth/auth.hook.ts`): a session token
 * from the login, or an agency's API key. Every route but the `public` ones accepts either.
 */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A session token from POST /base/v2/login or /base/v2/single-login, as `Authorization: Bearer <token>`; ' +
      'on the /platform/v2/ routes, a platform session token from POST /platform/v2/login instead.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: API_KEY_HEADER,
    description:
      "An agency's API key (POST /base/v2/agencies/{id}/apikey); the call acts as that agency's SuperUser.",
  },
} as const;

export type SecurityScheme = keyof typeof SECURITY_SCHEMES;

/**
 * An operation's `security`: none for a public route, a platform session for a platform route,
 * else a session or an API key.
 */
export function securityOf(access: RouteAccess): Partial<Record<SecurityScheme, string[]>>[] {
  if (access === 'public') return [];
  return isPlatformAccess(access) ? [{ bearer: [] }] : [{ bearer: [] }, { apiKey: [] }];
}

/** The `x-access` extension of an operation: the route's access name and what it admits. */
export interface AccessExtension {
  name: RouteAccess;
  description: string;
}

/**
 * `transform` with each operation's `security` and `x-access` taken from the route's
 * `config.access`, the one declaration the authentication hook enforces.
 */
export function withRouteAccess<S extends FastifySchema>(
  transform: SwaggerTransform<S>,
): SwaggerTransform<S> {
  return (input) => {
    const result = transform(input);
    const access: unknown = input.route.config?.access;
    if (!isRouteAccess(access)) return result;
    const extension: AccessExtension = { name: access, description: ROUTE_ACCESS_MEANING[access] };
    const schema: FastifySchema & { 'x-access': AccessExtension } = {
      ...result.schema,
      security: securityOf(access),
      'x-access': extension,
    };
    return { ...result, schema };
  };
}
