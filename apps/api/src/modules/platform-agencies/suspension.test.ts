import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import { TopAgencyListQuery } from '@portal/domain/platform-agencies';
import { bearer, body, login, useTestApp } from '../../test/app';
import { agencies } from '../agencies/index';
import type { PlatformAuditEntry as AuditEntry } from '../platform-admin/index';
import type { PlatformActor } from './platform-actor';
import { createTopAgenciesService } from './top-agencies.service';

const t = useTestApp();

function actor(entries: AuditEntry[]): PlatformActor {
  return {
    adminId: 7,
    name: 'ops',
    record: async (_tx, entry) => {
      entries.push(entry);
    },
  };
}

const service = () =>
  createTopAgenciesService({ db: t.database.db, now: () => new Date(), forgetUser: () => undefined });

const me = (headers: Record<string, string>) =>
  t.app.inject({ url: '/base/v2/me', headers: { ...headers, 'accept-language': 'en' } });

async function apiKeyOf(agencyId: number, token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/base/v2/agencies/${agencyId}/apikey`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ apiKey: string }>(res).data.apiKey;
}

describe('suspending a top-level agency', () => {
  it('refuses sign-in, sessions and API keys of the agency and its sub-agencies, and resuming restores them', async () => {
    const session = await login(t.app);
    const key = await apiKeyOf(1, session);
    const entries: AuditEntry[] = [];
    const suspended = await service().suspend(actor(entries), 1, 'Unpaid invoices');
    expect(suspended).toMatchObject({ id: 1, status: 'suspended', suspensionReason: 'Unpaid invoices' });

    const refused = await me(bearer(session));
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({
      code: ERRORS.AGENCY_SUSPENDED.code,
      message: "Your agency's access is suspended. Please contact the platform's customer service",
    });
    expect(body(await me({ 'x-api-key': key })).code).toBe(ERRORS.AGENCY_SUSPENDED.code);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'demo1234' },
    });
    expect(body(signIn).code).toBe(ERRORS.AGENCY_SUSPENDED.code);
    // A sub-agency's user (agency 2 is below agency 1).
    const sub = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'subop', password: 'demo1234' },
    });
    expect(body(sub).code).toBe(ERRORS.AGENCY_SUSPENDED.code);
    // A wrong password still says only that the credentials are wrong.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'not-the-one' },
    });
    expect(body(wrong).code).toBe(ERRORS.INVALID_CREDENTIALS.code);

    const resumed = await service().resume(actor(entries), 1);
    expect(resumed).toMatchObject({ status: 'active', suspendedAt: null, suspensionReason: null });
    expect((await me(bearer(session))).statusCode).toBe(200);
    expect((await me({ 'x-api-key': key })).statusCode).toBe(200);
    expect((await login(t.app, 'subop')).length).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(agencies).where(eq(agencies.id, 2));
    expect(rows[0]?.suspendedAt).toBeNull();
    expect(entries.map((e) => [e.action, e.targetId])).toEqual([
      ['agency.suspend', '1'],
      ['agency.resume', '1'],
    ]);
  });

  it('suspends only top-level agencies, and a second suspension changes nothing', async () => {
    const entries: AuditEntry[] = [];
    await expect(service().suspend(actor(entries), 2, 'x')).rejects.toMatchObject({
      def: ERRORS.AGENCY_NOT_TOP_LEVEL,
    });
    await service().suspend(actor(entries), 1, 'first');
    const again = await service().suspend(actor(entries), 1, 'second');
    expect(again.suspensionReason).toBe('first');
    expect(entries).toHaveLength(1);
  });

  it('lists top-level agencies with wallet, look-to-book and status, by name and status', async () => {
    const all = await service().list(TopAgencyListQuery.parse({}));
    expect(all.list.every((a) => a.status === 'active')).toBe(true);
    expect(all.list.map((a) => a.id)).toContain(1);
    expect(all.list.map((a) => a.id)).not.toContain(2);
    const one = all.list.find((a) => a.id === 1);
    expect(one?.subAgencies).toBeGreaterThan(0);
    expect(one?.wallet.currency).toBeTruthy();
    await service().suspend(actor([]), 1, 'check');
    const suspended = await service().list(TopAgencyListQuery.parse({ status: 'suspended' }));
    expect(suspended.list.map((a) => a.id)).toEqual([1]);
    const named = await service().list(TopAgencyListQuery.parse({ keyword: 'no such agency name' }));
    expect(named).toMatchObject({ list: [], total: 0 });
  });
});
