import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import {
  ApplicationDetail,
  ApplicationList,
  ConvertedApplication,
  TopAgency,
  TopAgencyList,
} from '@portal/domain/platform-agencies';
import { bearer, body, login, useTestApp } from '../../test/app';
import { createTestPlatformAdmin, platformHeaders, platformLogin } from '../../test/platform';
import { applications } from '../applications/index';
import { rowsOf } from '../../platform/db/rows';

interface AuditRow {
  action: string;
  targetType: string;
  targetId: string | null;
  note: string | null;
}

/** The platform audit log, oldest first. */
const platformAuditLogForTests = (db: Db) =>
  rowsOf<AuditRow>(
    db,
    sql`select action, target_type as "targetType", target_id as "targetId", note, before, after
      from platform_audit_log order by id`,
  );

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function support() {
  const admin = await createTestPlatformAdmin(t.app, {
    username: 'sue.support',
    permissions: ['platform:support'],
  });
  const token = await platformLogin(t.app, admin);
  return (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...platformHeaders(token), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
}

async function apply(): Promise<string> {
  const [row] = await t.database.db
    .insert(applications)
    .values({
      name: 'Ms',
      email: 'ana@lagoon.example',
      country: 'PT',
      companyName: 'Lagoon Tours',
      locale: 'en',
    })
    .returning();
  if (!row) throw new Error('not inserted');
  return row.id;
}

describe('the platform applications routes', () => {
  it('lists, reads, notes, moves and converts an application, each change audited', async () => {
    const call = await support();
    const id = await apply();
    const list = await call('GET', '/platform/v2/applications?status=new');
    expect(list.statusCode, list.body).toBe(200);
    expect(ApplicationList.parse(body(list).data).list.map((a) => a.id)).toContain(id);

    const noted = await call('POST', `/platform/v2/applications/${id}/notes`, { text: 'Wants the API' });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(ApplicationDetail.parse(body(noted).data).notes[0]).toMatchObject({
      text: 'Wants the API',
      authorName: 'sue.support',
    });
    const moved = await call('PUT', `/platform/v2/applications/${id}/status`, { status: 'contacted' });
    expect(ApplicationDetail.parse(body(moved).data).status).toBe('contacted');
    const byHand = await call('PUT', `/platform/v2/applications/${id}/status`, { status: 'converted' });
    expect(byHand.statusCode).toBe(400);

    const form = {
      companyName: 'Lagoon Tours',
      contactName: 'Ana Lagoon',
      email: 'ana@lagoon.example',
      settlementCurrency: 'EUR',
      timeZone: 'Europe/Lisbon',
      superAdminUsername: 'lagoon.admin',
    };
    const converted = await call('POST', `/platform/v2/applications/${id}/conversion`, form);
    expect(converted.statusCode, converted.body).toBe(200);
    const done = ConvertedApplication.parse(body(converted).data);
    expect(done.application.status).toBe('converted');
    const again = await call('POST', `/platform/v2/applications/${id}/conversion`, {
      ...form,
      superAdminUsername: 'lagoon.admin2',
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe(ERRORS.APPLICATION_CONVERTED.code);

    const audit = await platformAuditLogForTests(t.database.db);
    const mine = audit.filter((row) => row.targetId === id).map((row) => row.action);
    expect(mine).toEqual(['application.note', 'application.status', 'application.convert']);
    expect(JSON.stringify(audit)).not.toContain(done.superAdmin.temporaryPassword);
  });

  it('is closed to a platform admin without platform:support and to agency users', async () => {
    const reader = await createTestPlatformAdmin(t.app, { username: 'rita.reader' });
    const token = await platformLogin(t.app, reader);
    const res = await t.app.inject({ url: '/platform/v2/applications', headers: platformHeaders(token) });
    expect(res.statusCode).toBe(403);
    const agency = await t.app.inject({
      url: '/platform/v2/applications',
      headers: bearer(await login(t.app)),
    });
    expect(agency.statusCode).toBe(403);
    // Any platform admin reads the agencies, but only support suspends.
    expect(
      (await t.app.inject({ url: '/platform/v2/agencies', headers: platformHeaders(token) })).statusCode,
    ).toBe(200);
    const suspend = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/agencies/1/suspension',
      headers: platformHeaders(token),
      payload: { reason: 'x' },
    });
    expect(suspend.statusCode).toBe(403);
  });
});

describe('the platform agencies routes', () => {
  it('suspends and resumes a top-level agency, audited, and its users are told why', async () => {
    const call = await support();
    const session = await login(t.app);
    const suspended = await call('POST', '/platform/v2/agencies/1/suspension', { reason: 'Contract ended' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(TopAgency.parse(body(suspended).data)).toMatchObject({
      status: 'suspended',
      suspensionReason: 'Contract ended',
    });
    const refused = await t.app.inject({ url: '/base/v2/me', headers: bearer(session) });
    expect(body(refused).code).toBe(ERRORS.AGENCY_SUSPENDED.code);

    const listed = await call('GET', '/platform/v2/agencies?status=suspended');
    expect(TopAgencyList.parse(body(listed).data).list.map((a) => a.id)).toEqual([1]);
    const sub = await call('POST', '/platform/v2/agencies/2/suspension', { reason: 'x' });
    expect(body(sub).code).toBe(ERRORS.AGENCY_NOT_TOP_LEVEL.code);

    const resumed = await call('DELETE', '/platform/v2/agencies/1/suspension');
    expect(TopAgency.parse(body(resumed).data).status).toBe('active');
    expect((await t.app.inject({ url: '/base/v2/me', headers: bearer(session) })).statusCode).toBe(200);
    const audit = await platformAuditLogForTests(t.database.db);
    expect(audit.filter((r) => r.targetType === 'agency').map((r) => [r.action, r.targetId, r.note])).toEqual(
      [
        ['agency.suspend', '1', 'Contract ended'],
        ['agency.resume', '1', null],
      ],
    );
  });
});
