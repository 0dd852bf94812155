import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../modules/users/users.schema';
import { isApiPath, isPlatformApiPath } from '../platform/request-context';
import {
  ALLOWED,
  EVERYONE,
  IDENTITIES,
  PLATFORM_ALLOWED,
  PLATFORM_IDENTITIES,
  type Identity,
} from './access-matrix.data';
import { bearer, body, login, useTestApp } from './app';
import { createTestPlatformAdmin, platformLogin, type TestPlatformAdmin } from './platform';

/**
 * The access matrix: every registered API route, called once by each identity of
 * `access-matrix.data.ts` with an empty body and unknown ids, is let past the access check (any
 * answer but 401 and 403: a 400 or 404 means the handler ran) by exactly the identities the data
 * names, and refused (401 without a working login, else 403 NO_ACCESS) to every other one.
 */
const t = useTestApp();

/** Logins of the identities that have one (the password of every demo user). */
const USERNAMES: Partial<Record<Identity, string>> = {
  admin: 'admin',
  operator: 'operator',
  finance: 'finance',
  subop: 'subop',
  partner: 'partner',
};

/** The registered API routes (`METHOD url`), HEAD twins left out. */
function apiRoutes(app: FastifyInstance): string[] {
  return app.routeTable
    .filter((r) => isApiPath(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => `${r.method} ${r.url}`)
    .sort();
}

/** The agency routes: all API routes but the platform's. */
const agencyRoutes = (app: FastifyInstance) =>
  apiRoutes(app).filter((r) => !isPlatformApiPath(r.split(' ')[1] ?? ''));

/** Who passes a route: the data's row, or for a platform route what its access name admits. */
function allowedOf(app: FastifyInstance, route: string): readonly Identity[] | undefined {
  const [method, url = ''] = route.split(' ');
  if (!isPlatformApiPath(url)) return ALLOWED[route];
  const access = app.routeTable.find((r) => r.method === method && r.url === url)?.access;
  return access === undefined ? undefined : PLATFORM_ALLOWED[access];
}

/**
 * How each identity is refused: without credentials 401 LOGIN_REQUIRED, a disabled user's token
 * 403 USER_DISABLED (the client goes back to login), anyone else 403 NO_ACCESS.
 */
const REFUSAL: Record<Identity, { status: number; code: number }> = {
  anonymous: { status: 401, code: 100002 },
  disabled: { status: 403, code: 201001 },
  admin: { status: 403, code: 100003 },
  operator: { status: 403, code: 100003 },
  finance: { status: 403, code: 100003 },
  subop: { status: 403, code: 100003 },
  partner: { status: 403, code: 100003 },
  apiKey: { status: 403, code: 100003 },
  platformFinance: { status: 403, code: 100003 },
  platformSupport: { status: 403, code: 100003 },
};

/**
 * How an identity is refused on a route. On a platform route an agency token is not even read
 * (it is no platform token): a disabled agency user gets NO_ACCESS there like the others.
 */
function refusalOf(identity: Identity, route: string): { status: number; code: number } {
  const platformRoute = isPlatformApiPath(route.split(' ')[1] ?? '');
  if (platformRoute && identity === 'disabled') return { status: 403, code: 100003 };
  return REFUSAL[identity];
}

/** Routes that end the session they run with: each identity calls them with a fresh login. */
const ENDS_SESSION = new Set(['DELETE /base/v2/me', 'DELETE /platform/v2/me']);

interface Callers {
  headers(identity: Identity, route: string): Promise<Record<string, string>>;
}

/** Logs every identity in; disables one SuperUser after its login; issues agency 1's API key. */
async function callers(app: FastifyInstance): Promise<Callers> {
  const tokens = new Map<Identity, string>();
  for (const [identity, username] of Object.entries(USERNAMES) as [Identity, string][]) {
    tokens.set(identity, await login(app, username));
  }
  const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
  const [gone] = await t.database.db
    .insert(users)
    .values({ username: 'gone', agencyId: 1, roles: ['SuperUser'], passwordHash: admin?.passwordHash ?? '' })
    .returning();
  const goneToken = await login(app, 'gone');
  const disabled = await app.inject({
    method: 'PUT',
    url: `/base/v2/users/${gone?.id ?? 0}`,
    payload: { status: 'disabled' },
    headers: bearer(tokens.get('admin') ?? ''),
  });
  expect(disabled.statusCode).toBe(200);
  const issued = await app.inject({
    method: 'POST',
    url: '/base/v2/agencies/1/apikey',
    headers: bearer(tokens.get('admin') ?? ''),
  });
  expect(issued.statusCode).toBe(200);
  const apiKey = body<{ apiKey: string }>(issued).data.apiKey;
  const admins = new Map<Identity, TestPlatformAdmin>([
    [
      'platformFinance',
      await createTestPlatformAdmin(app, { username: 'matrix.finance', permissions: ['platform:finance'] }),
    ],
    [
      'platformSupport',
      await createTestPlatformAdmin(app, { username: 'matrix.support', permissions: ['platform:support'] }),
    ],
  ]);
  for (const [identity, admin] of admins) tokens.set(identity, await platformLogin(app, admin));
  return {
    async headers(identity, route): Promise<Record<string, string>> {
      if (identity === 'anonymous') return {};
      const admin = admins.get(identity);
      if (admin) {
        return bearer(
          ENDS_SESSION.has(route) ? await platformLogin(app, admin) : (tokens.get(identity) ?? ''),
        );
      }
      if (identity === 'disabled') return bearer(goneToken);
      if (identity === 'apiKey') return { 'x-api-key': apiKey };
      const username = USERNAMES[identity] ?? '';
      return bearer(ENDS_SESSION.has(route) ? await login(app, username) : (tokens.get(identity) ?? ''));
    },
  };
}

describe('access matrix', () => {
  it('has an expected row for every agency API route, and none for a route that is gone', () => {
    expect(agencyRoutes(t.app)).toEqual(Object.keys(ALLOWED).sort());
  });

  it('derives the callers of every platform route from its access name', () => {
    const platformRoutes = apiRoutes(t.app).filter((r) => isPlatformApiPath(r.split(' ')[1] ?? ''));
    expect(platformRoutes).toContain('GET /platform/v2/me');
    expect(platformRoutes.filter((route) => allowedOf(t.app, route) === undefined)).toEqual([]);
    // No agency route lets a platform admin in, except the public ones.
    const leaking = Object.entries(ALLOWED).filter(
      ([, who]) => who !== EVERYONE && who.some((i) => PLATFORM_IDENTITIES.includes(i)),
    );
    expect(leaking.map(([route]) => route)).toEqual([]);
  });

  it('refuses to start with an API route that declares no access', async () => {
    const app = await t.build();
    expect(() => app.get('/base/v2/test-undeclared', async () => ({}))).toThrow(/config\.access/);
    expect(() =>
      app.get('/base/v2/test-misspelt', { config: { access: 'admin' as 'superuser' } }, async () => ({})),
    ).toThrow(/config\.access/);
  });

  it('lets exactly the expected identities past the access check of every route', async () => {
    const who = await callers(t.app);
    const failures: string[] = [];
    for (const route of apiRoutes(t.app)) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      const url = pattern.replace(/:\w+/g, '999999');
      for (const identity of IDENTITIES) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...(await who.headers(identity, route)), 'accept-language': 'en' },
        });
        const expected = allowedOf(t.app, route)?.includes(identity) === true;
        const refusal = refusalOf(identity, route);
        const refused = res.statusCode === refusal.status && body(res).code === refusal.code;
        const ok = expected ? ![401, 403].includes(res.statusCode) : refused;
        if (!ok) {
          const want = expected ? 'allowed' : `${refusal.status} ${refusal.code}`;
          failures.push(
            `${identity} ${route}: ${res.statusCode} (expected ${want}) ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
