import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LoginResult } from '@portal/domain/auth';
import { userLogs } from '../users/index';
import { agencies } from '../agencies/index';
import { body, TEST_SECRETS, useTestApp } from '../../test/app';
import { signSingleLogin } from './sso';

const t = useTestApp();
const SECRET: string = TEST_SECRETS.partnerSso;

function request(
  overrides: Partial<{ code: string; timestamp: number; userid: string }> = {},
  secret = SECRET,
) {
  const base = {
    code: `code-${Math.random().toString(36).slice(2, 12)}`,
    timestamp: Date.now(),
    userid: 'P-1001',
  };
  const fields = { ...base, ...overrides };
  return { ...fields, signature: signSingleLogin(secret, fields) };
}

const post = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/base/v2/single-login',
    payload: payload as object,
    headers: { 'accept-language': 'en' },
  });

describe('POST /base/v2/single-login', () => {
  it('logs the partner user in and logs sso_login', async () => {
    const res = await post(request());
    expect(res.statusCode).toBe(200);
    const result = LoginResult.parse(body(res).data);
    expect(result.userInfo.username).toBe('partner');
    expect(result.company.id).toBe(222);
    const logs = await t.database.db.select().from(userLogs).where(eq(userLogs.action, 'sso_login'));
    expect(logs).toHaveLength(1);
  });

  it("refuses the partner user while the platform suspends the user's agency (201050)", async () => {
    await t.database.db
      .update(agencies)
      .set({ suspendedAt: new Date(), suspensionReason: 'review' })
      .where(eq(agencies.id, 222));
    const res = await post(request());
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 201050 });
  });

  it('refuses an expired timestamp (201011)', async () => {
    const res = await post(request({ timestamp: Date.now() - 6 * 60_000 }));
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ code: 201011, message: 'Partner login failed: the link has expired' });
  });

  it('refuses a tampered signature (201010)', async () => {
    const signed = request();
    const res = await post({ ...signed, userid: 'P-1002' });
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(201010);
    const wrongKey = await post(request({}, 'another-secret'));
    expect(body(wrongKey).code).toBe(201010);
  });

  it('refuses a replayed code (201012)', async () => {
    const signed = request();
    expect(body(await post(signed)).code).toBe(0);
    const res = await post(signed);
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe(201012);
  });

  it('refuses an unknown userid (201010)', async () => {
    const res = await post(request({ userid: 'P-9999' }));
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe(201010);
  });

  it('refuses a malformed body (400)', async () => {
    const res = await post({ code: 'x', signature: 'nothex', timestamp: 'soon', userid: '' });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: unknown[] }>(res).data.errors.length).toBeGreaterThanOrEqual(3);
  });
});
