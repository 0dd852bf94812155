import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LoginResult, MeResult } from '@portal/domain/auth';
import { users, userLogs } from '../users/index';
import { sessions } from './auth.schema';
import { bearer, body, login, useTestApp } from '../../test/app';

const t = useTestApp();

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/base/v2/login', payload: payload as object, headers });

describe('POST /base/v2/login', () => {
  it('logs in with the demo password and returns the LoginResult shape', async () => {
    const res = await post({ username: 'admin', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const env = body(res);
    expect(env.code).toBe(0);
    const result = LoginResult.parse(env.data);
    expect(result.token).toMatch(/^[\w-]{43}$/);
    expect(result.userInfo).toMatchObject({ username: 'admin', role: ['SuperUser'], agencyId: 1 });
    expect(result.company.config.commonConfig).toMatchObject({ canCreateSubAgency: true, isShowBill: true });
    expect(result.permissions).toEqual(['all']);
    expect(result.websitePrefix).toBe('');
    expect(JSON.stringify(env.data)).not.toContain('password');
  });

  it('stores only the hash of the token and writes a login log', async () => {
    const token = await login(t.app, 'operator');
    const rows = await t.database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(token);
    const logs = await t.database.db.select().from(userLogs);
    expect(logs.map((l) => l.action)).toEqual(['login']);
    expect(logs[0]?.agencyId).toBe(1);
  });

  it('refuses a wrong password with 401, code 201003 and the localized message', async () => {
    const res = await post({ username: 'admin', password: 'wrong-pass' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 201003, data: null, message: 'Invalid username or password' });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await post({ username: 'nobody', password: 'demo1234' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 201003, data: null, message: 'Invalid username or password' });
  });

  it('refuses a malformed username with 201002', async () => {
    const res = await post({ username: 'a b!', password: 'demo1234' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 201002, message: 'Username format error' });
  });

  it('refuses a disabled user with 201001', async () => {
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'finance'));
    const res = await post({ username: 'finance', password: 'demo1234' });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(201001);
  });

  it('refuses a missing password with 400 and field errors', async () => {
    const res = await post({ username: 'admin' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const env = body<{ errors: { path: string; message: string }[] }>(res);
    expect(env.code).toBe(100001);
    expect(env.message).toBe('Illegal input');
    expect(env.data.errors).toEqual([{ path: 'password', message: expect.any(String) }]);
  });

  it('answers a malformed JSON body with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(100001);
  });

  it('answers a too large body with 413 envelope', async () => {
    const res = await post({ username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(body(res).code).toBe(100008);
  });
});

describe('GET /base/v2/me', () => {
  it('returns the MeResult of the token', async () => {
    const token = await login(t.app, 'subop');
    const res = await t.app.inject({ url: '/base/v2/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const me = MeResult.parse(body(res).data);
    expect(me.userInfo.username).toBe('subop');
    expect(me.company).toMatchObject({ id: 2, proxyLevel: 1, parentId: 1 });
    expect(me.company.config.commonConfig.isShowBill).toBe(false);
  });

  it('asks to log in without a token (100002)', async () => {
    const res = await t.app.inject({ url: '/base/v2/me', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ code: 100002, message: 'Please log in' });
  });

  it('treats a garbage token as an expired session (200005)', async () => {
    const res = await t.app.inject({ url: '/base/v2/me', headers: bearer('garbage') });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(200005);
  });
});
