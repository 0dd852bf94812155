import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencies } from '../agencies/index';
import { users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { agencyApiKeys } from './api-keys.schema';
import { API_KEY_REQUESTS_PER_MINUTE, hashApiKey } from './api-keys';

const t = useTestApp();

interface IssuedKey {
  apiKey: string;
  prefix: string;
  createdAt: string;
}

async function issue(agencyId: number, username = 'admin') {
  return t.app.inject({
    method: 'POST',
    url: `/base/v2/agencies/${agencyId}/apikey`,
    headers: bearer(await login(t.app, username)),
  });
}

async function issued(agencyId: number): Promise<IssuedKey> {
  const res = await issue(agencyId);
  expect(res.statusCode).toBe(200);
  return body<IssuedKey>(res).data;
}

const me = (apiKey: string) =>
  t.app.inject({ url: '/base/v2/me', headers: { 'x-api-key': apiKey, 'accept-language': 'en' } });

describe('agency API keys', () => {
  it('answers the key once and stores only its hash and prefix', async () => {
    const key = await issued(1);
    expect(key.apiKey).toMatch(/^pk_[\w-]{43}$/);
    expect(key.apiKey.startsWith(key.prefix)).toBe(true);
    expect(key.prefix.length).toBeLessThan(12);
    const rows = await t.database.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.agencyId, 1));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.keyHash).toBe(hashApiKey(key.apiKey));
    expect(JSON.stringify(rows)).not.toContain(key.apiKey);
  });

  it("authenticates as the agency's super admin, with that user's access", async () => {
    const key = await issued(1);
    const res = await me(key.apiKey);
    expect(res.statusCode).toBe(200);
    const data = body<{ userInfo: { username: string; agencyId: number } }>(res).data;
    expect(data.userInfo).toMatchObject({ username: 'admin', agencyId: 1 });
    // SuperUser access: the user log, a superuser route.
    const log = await t.app.inject({ url: '/base/v2/user-logs', headers: { 'x-api-key': key.apiKey } });
    expect(log.statusCode).toBe(200);
  });

  it('revokes the previous key when a new one is issued', async () => {
    const first = await issued(1);
    const second = await issued(1);
    const old = await me(first.apiKey);
    expect(old.statusCode).toBe(401);
    expect(body(old).code).toBe(100002);
    expect((await me(second.apiKey)).statusCode).toBe(200);
    const live = await t.database.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.agencyId, 1));
    expect(live.filter((k) => k.revokedAt === null)).toHaveLength(1);
  });

  it('answers 401 with the login-required error for an unknown or malformed key', async () => {
    for (const key of [`pk_${'A'.repeat(43)}`, 'not-a-key']) {
      const res = await me(key);
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(100002);
    }
  });

  it('issues keys for a direct sub-agency, which then acts as its own super admin', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    await t.database.db.insert(users).values({
      username: 'eastadmin',
      agencyId: 2,
      roles: ['SuperUser'],
      passwordHash: admin?.passwordHash ?? '',
    });
    const key = await issued(2);
    const res = await me(key.apiKey);
    expect(res.statusCode).toBe(200);
    expect(body<{ userInfo: { username: string } }>(res).data.userInfo.username).toBe('eastadmin');
  });

  it('works at once for a sub-agency whose super admin still has a temporary password (never 201006)', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    await t.database.db.insert(users).values({
      username: 'eastadmin',
      agencyId: 2,
      roles: ['SuperUser'],
      passwordHash: admin?.passwordHash ?? '',
      mustChangePassword: true,
    });
    const key = await issued(2);
    for (const url of ['/base/v2/user-logs', '/base/v2/company', '/base/v2/me']) {
      const res = await t.app.inject({ url, headers: { 'x-api-key': key.apiKey } });
      expect([url, res.statusCode, body(res).code]).toEqual([url, 200, 0]);
    }
    // The person signing in with the temporary password must still change it first.
    const session = await t.app.inject({
      url: '/base/v2/user-logs',
      headers: bearer(await login(t.app, 'eastadmin')),
    });
    expect([session.statusCode, body(session).code]).toEqual([403, 201006]);
  });

  it("answers 404 for a grandchild, another tenant's agency or an unknown one", async () => {
    await t.database.db.insert(agencies).values({
      id: 5001,
      name: 'Grandchild',
      proxyLevel: 2,
      parentId: 2,
      commonConfig: { ...(await agencyConfig(2)) },
    });
    for (const id of [5001, 222, 3, 999_999]) {
      const res = await issue(id);
      expect([id, res.statusCode, body(res).code]).toEqual([id, 404, 100004]);
    }
  });

  it('is refused (403) to users who are not an agency admin', async () => {
    for (const username of ['operator', 'finance', 'subop', 'partner']) {
      const res = await issue(1, username);
      expect([username, res.statusCode, body(res).code]).toEqual([username, 403, 100003]);
    }
  });

  it('stops working once the super admin is disabled', async () => {
    const key = await issued(1);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'admin'));
    expect((await me(key.apiKey)).statusCode).toBe(401);
  });

  it('needs no XSRF header for a state-changing call, even with cookies', async () => {
    const key = await issued(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/notifications/read',
      payload: { all: true },
      headers: { 'x-api-key': key.apiKey, cookie: 'XSRF-TOKEN=abc' },
    });
    expect(res.statusCode).toBe(200);
    // The same call with a session and the cookie but no header is refused.
    const withSession = await t.app.inject({
      method: 'POST',
      url: '/base/v2/notifications/read',
      payload: { all: true },
      headers: { ...bearer(await login(t.app)), cookie: 'XSRF-TOKEN=abc' },
    });
    expect(withSession.statusCode).toBe(403);
  });

  it('is rate limited per key, without touching sessions or other keys', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    await t.database.db.insert(users).values({
      username: 'eastadmin',
      agencyId: 2,
      roles: ['SuperUser'],
      passwordHash: admin?.passwordHash ?? '',
    });
    const key = await issued(1);
    const other = await issued(2);
    const statuses: number[] = [];
    for (let batch = 0; batch < API_KEY_REQUESTS_PER_MINUTE; batch += 50) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => me(key.apiKey)));
      statuses.push(...answers.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const over = await me(key.apiKey);
    expect(over.statusCode).toBe(429);
    expect(body(over).code).toBe(100006);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await me(other.apiKey)).statusCode).toBe(200);
    const session = await t.app.inject({ url: '/base/v2/me', headers: bearer(await login(t.app)) });
    expect(session.statusCode).toBe(200);
  }, 120_000);
});

async function agencyConfig(id: number) {
  const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, id));
  if (!row) throw new Error(`agency ${id}`);
  return row.commonConfig;
}
