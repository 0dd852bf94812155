import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PlatformLoginResult, PlatformMe } from '@portal/domain/platform-schemas';
import { bearer, body, login, useTestApp } from '../../test/app';
import { createTestPlatformAdmin, platformHeaders, platformLogin } from '../../test/platform';
import { disablePlatformAdmin } from './admins';
import { platformAuditLog, platformSessions } from './platform-admin.schema';
import { totpCode } from './totp';

const t = useTestApp();

const signIn = (app = t.app, payload: object) =>
  app.inject({ method: 'POST', url: '/platform/v2/login', payload, headers: { 'accept-language': 'en' } });

const me = (token: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/platform/v2/me', headers: platformHeaders(token) });

const actions = async () =>
  (await t.database.db.select().from(platformAuditLog).orderBy(platformAuditLog.id)).map((r) => r.action);

describe('platform sign-in', () => {
  it('signs in with user name, password and the current code; me answers the admin; sign-out ends it', async () => {
    const admin = await createTestPlatformAdmin(t.app, {
      username: 'ops.finance',
      permissions: ['platform:finance'],
    });
    const res = await signIn(t.app, {
      username: 'Ops.Finance',
      password: admin.password,
      code: await totpCode(admin.totpSecret, new Date()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = PlatformLoginResult.parse(body(res).data);
    expect(result.token).toMatch(/^plt\.[\w-]{43}$/);
    expect(result.admin).toEqual({
      id: admin.id,
      username: 'ops.finance',
      permissions: ['platform:finance'],
    });
    const [session] = await t.database.db.select().from(platformSessions);
    expect(session?.tokenHash).not.toContain(result.token.slice(4));

    const read = await me(result.token);
    expect(read.statusCode).toBe(200);
    expect(PlatformMe.parse(body(read).data).admin.username).toBe('ops.finance');

    const out = await t.app.inject({
      method: 'DELETE',
      url: '/platform/v2/me',
      headers: platformHeaders(result.token),
    });
    expect(out.statusCode).toBe(200);
    const after = await me(result.token);
    expect([after.statusCode, body(after).code]).toEqual([401, 200006]);
    expect(await actions()).toEqual(['admin.create', 'session.signIn', 'session.signOut']);
  });

  it('gives one answer for an unknown name, a wrong password and a wrong code, and audits each with its reason', async () => {
    const admin = await createTestPlatformAdmin(t.app, { username: 'ops.support' });
    const code = await totpCode(admin.totpSecret, new Date());
    const wrongCode = code === '000000' ? '111111' : '000000';
    const tries = [
      { username: 'nobody', password: admin.password, code },
      { username: 'ops.support', password: 'wrong-password', code },
      { username: 'ops.support', password: admin.password, code: wrongCode },
    ];
    for (const payload of tries) {
      const res = await signIn(t.app, payload);
      expect([res.statusCode, body(res).code]).toEqual([401, 900001]);
      expect(body(res).message).toMatch(/Wrong user name, password or code/);
    }
    const refused = await t.database.db
      .select()
      .from(platformAuditLog)
      .where(eq(platformAuditLog.action, 'session.signInRefused'))
      .orderBy(platformAuditLog.id);
    expect(refused.map((r) => [r.adminId, (r.after as { reason: string }).reason])).toEqual([
      [null, 'unknown'],
      [admin.id, 'password'],
      [admin.id, 'code'],
    ]);
    expect(await t.database.db.select().from(platformSessions)).toEqual([]);
  });

  it('refuses a code already used in the same time step', async () => {
    const at = new Date('2026-11-29T10:00:05Z');
    const app = await t.build({}, () => at);
    const admin = await createTestPlatformAdmin(app, { username: 'ops.replay' });
    const payload = {
      username: admin.username,
      password: admin.password,
      code: await totpCode(admin.totpSecret, at),
    };
    expect((await signIn(app, payload)).statusCode).toBe(200);
    const again = await signIn(app, payload);
    expect([again.statusCode, body(again).code]).toEqual([401, 900001]);
    const [last] = await t.database.db
      .select()
      .from(platformAuditLog)
      .orderBy(platformAuditLog.id)
      .limit(1)
      .offset(2);
    expect(last?.after).toMatchObject({ reason: 'codeUsed' });
    // The next step's code works.
    const next = new Date(at.getTime() + 30_000);
    const later = await signIn(app, { ...payload, code: await totpCode(admin.totpSecret, next) });
    expect(later.statusCode).toBe(200);
  });

  it('limits failed sign-ins per account like the agency login', async () => {
    const app = await t.build({ LOGIN_RATE_LIMIT_MAX: '2' });
    const admin = await createTestPlatformAdmin(app, { username: 'ops.limited' });
    const wrong = { username: admin.username, password: 'wrong-password', code: '123456' };
    expect((await signIn(app, wrong)).statusCode).toBe(401);
    expect((await signIn(app, wrong)).statusCode).toBe(401);
    const limited = await signIn(app, wrong);
    expect([limited.statusCode, body(limited).code]).toEqual([429, 100014]);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('ends an idle session after 30 minutes', async () => {
    let at = new Date('2026-11-29T10:00:00Z');
    const app = await t.build({}, () => at);
    const admin = await createTestPlatformAdmin(app, { username: 'ops.idle' });
    const token = await platformLogin(app, admin, at);
    at = new Date(at.getTime() + 29 * 60_000);
    expect((await me(token, app)).statusCode).toBe(200);
    at = new Date(at.getTime() + 31 * 60_000);
    const gone = await me(token, app);
    expect([gone.statusCode, body(gone).code]).toEqual([401, 200005]);
  });

  it('stops a disabled admin at once: sessions end and sign-in is refused', async () => {
    const admin = await createTestPlatformAdmin(t.app, { username: 'ops.leaving' });
    const token = await platformLogin(t.app, admin);
    await disablePlatformAdmin(t.database.db, 'ops.leaving', new Date());
    const gone = await me(token);
    expect([gone.statusCode, body(gone).code]).toEqual([403, 201001]);
    await expect(platformLogin(t.app, admin)).rejects.toThrow(/900001/);
  });
});

describe('platform and agency identities stay apart', () => {
  it('refuses a platform token on every agency route and an agency session or API key on platform routes', async () => {
    const admin = await createTestPlatformAdmin(t.app, {
      username: 'ops.apart',
      permissions: ['platform:finance'],
    });
    const platformToken = await platformLogin(t.app, admin);
    const agencyMe = await t.app.inject({
      method: 'GET',
      url: '/base/v2/me',
      headers: platformHeaders(platformToken),
    });
    expect([agencyMe.statusCode, body(agencyMe).code]).toEqual([403, 100003]);

    const agencyToken = await login(t.app, 'admin');
    const withSession = await me(agencyToken);
    expect([withSession.statusCode, body(withSession).code]).toEqual([403, 100003]);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/base/v2/agencies/1/apikey',
      headers: bearer(agencyToken),
    });
    const apiKey = body<{ apiKey: string }>(issued).data.apiKey;
    const withKey = await t.app.inject({
      method: 'GET',
      url: '/platform/v2/me',
      headers: { 'x-api-key': apiKey },
    });
    expect([withKey.statusCode, body(withKey).code]).toEqual([403, 100003]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/platform/v2/me' });
    expect([anonymous.statusCode, body(anonymous).code]).toEqual([401, 100002]);
  });

  it('lets a platformFinance route refuse a support-only admin, and platformSupport a finance-only one', async () => {
    const app = await t.build();
    app.get('/platform/v2/test-finance', { config: { access: 'platformFinance' } }, async () => ({ ok: 1 }));
    app.get('/platform/v2/test-support', { config: { access: 'platformSupport' } }, async () => ({ ok: 1 }));
    const finance = await createTestPlatformAdmin(app, {
      username: 'ops.money',
      permissions: ['platform:finance'],
    });
    const support = await createTestPlatformAdmin(app, {
      username: 'ops.help',
      permissions: ['platform:support'],
    });
    const call = async (url: string, admin: typeof finance) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: platformHeaders(await platformLogin(app, admin)),
      });
      return res.statusCode === 200 ? 200 : body(res).code;
    };
    expect(await call('/platform/v2/test-finance', finance)).toBe(200);
    expect(await call('/platform/v2/test-finance', support)).toBe(100003);
    expect(await call('/platform/v2/test-support', support)).toBe(200);
    expect(await call('/platform/v2/test-support', finance)).toBe(100003);
  });

  it('refuses to start with a platform name outside /platform/v2/ or an agency name inside it', async () => {
    const app = await t.build();
    expect(() =>
      app.get('/base/v2/test-platform', { config: { access: 'platform' } }, async () => ({})),
    ).toThrow(/platform access names/);
    expect(() =>
      app.get('/platform/v2/test-agency', { config: { access: 'session' } }, async () => ({})),
    ).toThrow(/platform route/);
  });
});
