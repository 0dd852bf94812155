import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MeResult } from '@portal/domain/auth';
import { users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { SESSION_CACHE_MS } from './session';

const t = useTestApp({ SESSION_CACHE_MS: String(SESSION_CACHE_MS) });

const me = (token: string, app = t.app) => app.inject({ url: '/base/v2/me', headers: bearer(token) });
const codeOf = async (token: string, app = t.app) => body(await me(token, app)).code;

describe('the session cache of one instance', () => {
  it('ends a session at logout although the session was just read', async () => {
    const token = await login(t.app, 'operator');
    expect(await codeOf(token)).toBe(0);
    const out = await t.app.inject({ method: 'DELETE', url: '/base/v2/me', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(await codeOf(token)).toBe(200006);
  });

  it('ends the other sessions at once when the password changes', async () => {
    const current = await login(t.app, 'operator');
    const other = await login(t.app, 'operator');
    expect(await codeOf(other)).toBe(0);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/base/v2/me/password',
      payload: { oldPassword: 'demo1234', newPassword: 'newpass99' },
      headers: bearer(current),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await codeOf(other)).toBe(200006);
    expect(await codeOf(current)).toBe(0);
  });

  it('shows a profile change on the next request of the same session', async () => {
    const token = await login(t.app, 'operator');
    expect(await codeOf(token)).toBe(0);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/base/v2/me',
      payload: { nickname: 'Night shift' },
      headers: bearer(token),
    });
    expect(put.statusCode, put.body).toBe(200);
    const again = MeResult.parse(body(await me(token)).data);
    expect(again.userInfo.nickname).toBe('Night shift');
  });
});

describe('changes made elsewhere (another instance, the database)', () => {
  it('refuses a user disabled elsewhere within SESSION_CACHE_MS', async () => {
    let clock = Date.now();
    const instance = await t.build({}, () => new Date(clock));
    const token = await login(instance, 'subop');
    expect(await codeOf(token, instance)).toBe(0);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'subop'));
    clock += SESSION_CACHE_MS;
    expect(await codeOf(token, instance)).toBe(201001);
  });

  it('ends a session revoked elsewhere within SESSION_CACHE_MS', async () => {
    let clock = Date.now();
    const instance = await t.build({}, () => new Date(clock));
    const token = await login(instance, 'operator');
    expect(await codeOf(token, instance)).toBe(0);
    // The logout lands on the other instance.
    const out = await t.app.inject({ method: 'DELETE', url: '/base/v2/me', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    clock += SESSION_CACHE_MS;
    expect(await codeOf(token, instance)).toBe(200006);
  });
});
