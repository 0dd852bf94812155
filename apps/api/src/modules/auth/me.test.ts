import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MeResult, UserConfig } from '@portal/domain/auth';
import { sessions } from './auth.schema';
import { userLogs, users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';

const t = useTestApp();

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: bearer(token) });

async function actions(username: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: userLogs.action })
    .from(userLogs)
    .innerJoin(users, eq(users.id, userLogs.userId))
    .where(eq(users.username, username))
    .orderBy(userLogs.id);
  return rows.map((r) => r.action);
}

describe('PUT /base/v2/me', () => {
  it('updates nickname and mobile and returns the new MeResult', async () => {
    const token = await login(t.app, 'operator');
    const res = await put(token, '/base/v2/me', {
      nickname: 'Ops',
      mobile: { areaCode: '852', number: '91234567' },
    });
    expect(res.statusCode).toBe(200);
    const me = MeResult.parse(body(res).data);
    expect(me.userInfo.nickname).toBe('Ops');
    expect(me.userInfo.mobile).toEqual({ areaCode: '852', number: '91234567' });
    const again = await t.app.inject({ url: '/base/v2/me', headers: bearer(token) });
    expect(MeResult.parse(body(again).data).userInfo.nickname).toBe('Ops');
  });

  it('refuses to change the email', async () => {
    const token = await login(t.app, 'operator');
    const res = await put(token, '/base/v2/me', { email: 'new@example.com' });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(100001);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'operator'));
    expect(row?.email).toBe('operator@tripbridge.example');
  });
});

describe('PUT /base/v2/me avatar', () => {
  async function avatarOf(username: string) {
    const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
    return row?.avatar;
  }

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(document.cookie)',
    'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
    'data:text/html,<script>alert(1)</script>',
    'http://cdn.example.com/me.png',
    '//evil.example/me.png',
  ])('refuses %s with 400 on the avatar field and keeps the old picture', async (avatar) => {
    const token = await login(t.app, 'operator');
    const res = await put(token, '/base/v2/me', { avatar });
    expect(res.statusCode).toBe(400);
    const env = body<{ errors: { path: string }[] }>(res);
    expect(env.code).toBe(100001);
    expect(env.data.errors.map((e) => e.path)).toEqual(['avatar']);
    expect(await avatarOf('operator')).toBeNull();
  });

  it.each(['https://cdn.example.com/avatars/7.png', '/files/avatars/7.png'])('stores %s', async (avatar) => {
    const token = await login(t.app, 'operator');
    const res = await put(token, '/base/v2/me', { avatar });
    expect(res.statusCode).toBe(200);
    expect(MeResult.parse(body(res).data).userInfo.avatar).toBe(avatar);
    expect(await avatarOf('operator')).toBe(avatar);
  });
});

describe('DELETE /base/v2/me (logout)', () => {
  it('revokes the session: reusing the token answers 200006, and logs the logout', async () => {
    const token = await login(t.app, 'finance');
    const out = await t.app.inject({ method: 'DELETE', url: '/base/v2/me', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(body(out)).toMatchObject({ code: 0, data: {} });
    const res = await t.app.inject({ url: '/base/v2/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(200006);
    expect(await actions('finance')).toEqual(['login', 'logout']);
  });

  it('accepts an empty JSON body and the browser XSRF pair', async () => {
    const token = await login(t.app, 'finance');
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/base/v2/me',
      headers: { ...bearer(token), 'content-type': 'application/json', 'x-xsrf-token': 'tok' },
      cookies: { 'XSRF-TOKEN': 'tok' },
    });
    expect(out.statusCode).toBe(200);
    expect(body(out).code).toBe(0);
  });
});

describe('session expiry', () => {
  it('answers 200005 after the absolute expiry', async () => {
    const token = await login(t.app);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await t.app.inject({ url: '/base/v2/me', headers: bearer(token) });
    expect(body(res).code).toBe(200005);
  });

  it('answers 200005 after the idle timeout', async () => {
    const token = await login(t.app);
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 121 * 60_000) });
    const res = await t.app.inject({ url: '/base/v2/me', headers: bearer(token) });
    expect(body(res).code).toBe(200005);
  });

  it('slides the idle expiry on use', async () => {
    const token = await login(t.app);
    const old = new Date(Date.now() - 119 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: old });
    expect(body(await t.app.inject({ url: '/base/v2/me', headers: bearer(token) })).code).toBe(0);
    const [row] = await t.database.db.select().from(sessions);
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('ends the session of a user disabled meanwhile with 201001', async () => {
    const token = await login(t.app, 'subop');
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'subop'));
    const res = await t.app.inject({ url: '/base/v2/me', headers: bearer(token) });
    expect(body(res).code).toBe(201001);
  });
});

describe('PUT /base/v2/me/password', () => {
  const change = (token: string, oldPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/base/v2/me/password',
      payload: { oldPassword, newPassword },
      headers: { ...bearer(token), 'accept-language': 'en' },
    });

  it('refuses a wrong old password (201004)', async () => {
    const token = await login(t.app, 'operator');
    const res = await change(token, 'not-it', 'secret99');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 201004, message: 'The current password is incorrect' });
  });

  it.each([
    ['too short', '12345'],
    ['too long', '1234567890123456'],
  ])('refuses a new password %s (201005)', async (_label, newPassword) => {
    const token = await login(t.app, 'operator');
    const res = await change(token, 'demo1234', newPassword);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 201005, message: 'The password must be 6 to 15 characters' });
  });

  it('changes the password, revokes the other sessions and logs it', async () => {
    const other = await login(t.app, 'operator');
    const token = await login(t.app, 'operator');
    const res = await change(token, 'demo1234', 'n3w-secret');
    expect(res.statusCode).toBe(200);
    expect(body(res).code).toBe(0);
    expect(body(await t.app.inject({ url: '/base/v2/me', headers: bearer(token) })).code).toBe(0);
    expect(body(await t.app.inject({ url: '/base/v2/me', headers: bearer(other) })).code).toBe(200006);
    const revoked = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.revokedReason, 'password_changed')));
    expect(revoked).toHaveLength(1);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'operator', password: 'demo1234' },
    });
    expect(body(oldLogin).code).toBe(201003);
    await login(t.app, 'operator', 'n3w-secret');
    expect(await actions('operator')).toEqual(['login', 'login', 'password_change', 'login_failed', 'login']);
  });

  it('limits wrong current passwords per user with growing delays (429 100014 and Retry-After)', async () => {
    let at = Date.parse('2026-11-28T10:00:00Z');
    const app = await t.build({ LOGIN_RATE_LIMIT_MAX: '3' }, () => new Date(at));
    const token = await login(app, 'operator');
    const other = await login(app, 'finance');
    const guess = (password: string, session = token) =>
      app.inject({
        method: 'PUT',
        url: '/base/v2/me/password',
        payload: { oldPassword: password, newPassword: 'n3w-secret' },
        headers: { ...bearer(session), 'accept-language': 'en' },
      });
    for (let i = 0; i < 3; i++) expect(body(await guess(`guess-${i}`)).code).toBe(201004);
    const limited = await guess('demo1234');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('2');
    expect(body(limited)).toMatchObject({ code: 100014, data: { retryAfterSeconds: 2 } });
    // Another user is not affected.
    expect(body(await guess('wrong-one', other)).code).toBe(201004);
    at += 2000;
    expect(body(await guess('guess-3')).code).toBe(201004);
    expect((await guess('demo1234')).headers['retry-after']).toBe('4');
    at += 4000;
    expect((await guess('demo1234')).statusCode).toBe(200);
  });
});

describe('PUT /base/v2/me/config/:key', () => {
  const valid: [string, unknown][] = [
    ['cities', ['PEK', 'SHA']],
    ['countries', ['CN', 'HK']],
    ['passengers', ['ZHANG/SAN']],
    ['defaultRegion', '852'],
    ['dateFormat', 'dd/MM/yyyy'],
  ];

  it.each(valid)('stores %s and returns the whole config', async (key, value) => {
    const token = await login(t.app, 'operator');
    const res = await put(token, `/base/v2/me/config/${key}`, { value });
    expect(res.statusCode).toBe(200);
    const config = UserConfig.parse(body(res).data);
    expect(config).toMatchObject({ [key]: value });
    const me = MeResult.parse(body(await t.app.inject({ url: '/base/v2/me', headers: bearer(token) })).data);
    expect(me.userInfo.config).toMatchObject({ [key]: value });
  });

  it('keeps the other keys when one changes', async () => {
    const token = await login(t.app, 'operator');
    await put(token, '/base/v2/me/config/cities', { value: ['CAN'] });
    const res = await put(token, '/base/v2/me/config/countries', { value: ['JP'] });
    expect(body(res).data).toMatchObject({ cities: ['CAN'], countries: ['JP'], defaultRegion: '86' });
  });

  it('refuses empty favourite cities', async () => {
    const token = await login(t.app, 'operator');
    const res = await put(token, '/base/v2/me/config/cities', { value: [] });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: unknown[] }>(res).data.errors.length).toBeGreaterThan(0);
  });

  it('refuses an unknown key', async () => {
    const token = await login(t.app, 'operator');
    const res = await put(token, '/base/v2/me/config/theme', { value: 'dark' });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(100001);
  });
});
