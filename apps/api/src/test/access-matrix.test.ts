import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../modules/users/users.schema';
import { isApiPath } from '../platform/request-context';
import { ALLOWED, IDENTITIES, type Identity } from './access-matrix.data';
import { bearer, body, login, useTestApp } from './app';

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
};

/** Routes that end the session they run with: each identity calls them with a fresh login. */
const ENDS_SESSION = new Set(['DELETE /base/v2/me']);

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
  return {
    async headers(identity, route): Promise<Record<string, string>> {
      if (identity === 'anonymous') return {};
      if (identity === 'disabled') return bearer(goneToken);
      if (identity === 'apiKey') return { 'x-api-key': apiKey };
      const username = USERNAMES[identity] ?? '';
      return bearer(ENDS_SESSION.has(route) ? await login(app, username) : (tokens.get(identity) ?? ''));
    },
  };
}

describe('access matrix', () => {
  it('has an expected row for every API route, and none for a route that is gone', () => {
    expect(apiRoutes(t.app)).toEqual(Object.keys(ALLOWED).sort());
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
        const expected = ALLOWED[route]?.includes(identity) === true;
        const refusal = REFUSAL[identity];
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
