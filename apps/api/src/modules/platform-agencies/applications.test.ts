import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import { ApplicationListQuery, ConvertApplicationBody } from '@portal/domain/platform-agencies';
import { bearer, body, login, useTestApp } from '../../test/app';
import { createTestPlatformAdmin } from '../../test/platform';
import { agencies } from '../agencies/index';
import { applications } from '../applications/index';
import { users } from '../users/index';
import { testPasswordHasher } from '../users/users.test-helpers';
import { createApplicationsService } from './applications.service';
import { convertApplication } from './convert-application';
import { outboundMessages } from '../notifications/index';
import type { PlatformAuditEntry as AuditEntry } from '../platform-admin/index';
import type { PlatformActor } from './platform-actor';

const t = useTestApp();

let adminId = 0;
beforeEach(async () => {
  // Notes name their author: a platform admin of the database (after the reset of each test).
  adminId = (await createTestPlatformAdmin(t.app, { username: 'support.sam' })).id;
});

function actor(entries: AuditEntry[]): PlatformActor {
  return {
    adminId,
    name: 'support.sam',
    record: async (_tx, entry) => {
      entries.push(entry);
    },
  };
}

async function apply(values: Partial<typeof applications.$inferInsert> = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(applications)
    .values({
      name: 'Mr',
      email: 'lee@harbour.example',
      country: 'HK',
      companyName: 'Harbour Trips',
      locale: 'en',
      ...values,
    })
    .returning();
  if (!row) throw new Error('not inserted');
  return row.id;
}

const service = () => createApplicationsService(t.database.db);

const conversion = ConvertApplicationBody.parse({
  companyName: 'Harbour Trips',
  contactName: 'Lee Harbour',
  email: 'lee@harbour.example',
  phone: null,
  settlementCurrency: 'USD',
  timeZone: 'Asia/Hong_Kong',
  superAdminUsername: 'harbour.admin',
});

describe('applications in the back office', () => {
  it('lists newest first with the count of each status, by status and keyword', async () => {
    const older = await apply({ name: 'Older', createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await apply({ name: 'Newer', companyName: 'Kowloon Air Desk' });
    await service().setStatus(actor([]), older, 'contacted');
    const all = await service().list(ApplicationListQuery.parse({}));
    expect(all.list.map((a) => a.id)).toEqual([newer, older]);
    expect(all.counts).toEqual([
      { status: 'new', cnt: 1 },
      { status: 'contacted', cnt: 1 },
      { status: 'converted', cnt: 0 },
      { status: 'declined', cnt: 0 },
    ]);
    const contacted = await service().list(ApplicationListQuery.parse({ status: 'contacted' }));
    expect(contacted.list.map((a) => a.id)).toEqual([older]);
    const found = await service().list(ApplicationListQuery.parse({ keyword: 'kowloon' }));
    expect(found.list.map((a) => a.id)).toEqual([newer]);
  });

  it('moves the status by hand, audited, but never to or from converted', async () => {
    const id = await apply();
    const entries: AuditEntry[] = [];
    const declined = await service().setStatus(actor(entries), id, 'declined');
    expect(declined.status).toBe('declined');
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'application.status',
        before: { status: 'new' },
        after: { status: 'declined' },
      }),
    ]);
    const reopened = await service().setStatus(actor(entries), id, 'new');
    expect(reopened.status).toBe('new');
    await expect(service().setStatus(actor(entries), id, 'converted' as 'new')).rejects.toMatchObject({
      def: ERRORS.APPLICATION_STATUS_REFUSED,
    });
  });

  it('keeps notes with their author and time, audited', async () => {
    const id = await apply();
    const entries: AuditEntry[] = [];
    await service().addNote(actor(entries), id, 'Called, wants API access');
    const detail = await service().addNote(actor(entries), id, 'Sent the price list');
    expect(detail.notes.map((n) => [n.text, n.authorName])).toEqual([
      ['Called, wants API access', 'support.sam'],
      ['Sent the price list', 'support.sam'],
    ]);
    expect(entries.map((e) => e.action)).toEqual(['application.note', 'application.note']);
  });

  it('answers 404 for an unknown application', async () => {
    await expect(service().get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      def: ERRORS.NOT_FOUND,
    });
  });
});

describe('converting an application', () => {
  it('creates a top-level agency whose super admin must change the temporary password, e-mails it, and converts once', async () => {
    const id = await apply();
    const entries: AuditEntry[] = [];
    const deps = { db: t.database.db, hasher: testPasswordHasher() };
    const mails = () =>
      t.database.db.select().from(outboundMessages).where(eq(outboundMessages.target, 'lee@harbour.example'));
    const done = await convertApplication(deps, actor(entries), id, conversion);
    expect(done.application).toMatchObject({ status: 'converted', convertedAgencyId: done.agency.id });
    expect(done.superAdmin.temporaryPassword).toMatch(/^.{12}$/);

    const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.id, done.agency.id));
    expect(agency).toMatchObject({ parentId: null, proxyLevel: 0, timeZone: 'Asia/Hong_Kong' });
    expect(agency?.commonConfig).toMatchObject({
      enableFlightService: true,
      canCreateSubAgency: true,
      settlementCurrency: 'USD',
    });
    const [admin] = await t.database.db.select().from(users).where(eq(users.id, done.superAdmin.id));
    expect(admin).toMatchObject({ roles: ['SuperUser'], mustChangePassword: true, agencyId: done.agency.id });
    expect(JSON.stringify(admin)).not.toContain(done.superAdmin.temporaryPassword);

    expect(done.email).toEqual({ to: 'lee@harbour.example', queued: true });
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      agencyId: done.agency.id,
      channel: 'email',
      kind: 'agency.credentials',
      target: 'lee@harbour.example',
      payload: { locale: 'en', subject: 'Your agency Harbour Trips is ready on the portal' },
    });
    expect(mail?.payload.text).toContain('harbour.admin');
    expect(mail?.payload.text).toContain(done.superAdmin.temporaryPassword);
    expect(entries.map((e) => e.action)).toEqual(['application.convert']);
    expect(JSON.stringify(entries)).not.toContain(done.superAdmin.temporaryPassword);

    // The super admin signs in with the temporary password and must change it first.
    const token = await login(t.app, 'harbour.admin', done.superAdmin.temporaryPassword);
    const orders = await t.app.inject({ url: '/order/v2/flight/orders', headers: bearer(token) });
    expect(body(orders).code).toBe(ERRORS.PASSWORD_CHANGE_REQUIRED.code);

    await expect(convertApplication(deps, actor(entries), id, conversion)).rejects.toMatchObject({
      def: ERRORS.APPLICATION_CONVERTED,
    });
    await expect(service().setStatus(actor(entries), id, 'contacted')).rejects.toMatchObject({
      def: ERRORS.APPLICATION_CONVERTED,
    });
    expect(await mails()).toHaveLength(1);
  });

  it('changes nothing when the username is taken', async () => {
    const id = await apply();
    const deps = { db: t.database.db, hasher: testPasswordHasher() };
    await expect(
      convertApplication(deps, actor([]), id, { ...conversion, superAdminUsername: 'admin' }),
    ).rejects.toMatchObject({ def: ERRORS.USERNAME_TAKEN });
    const detail = await service().get(id);
    expect(detail).toMatchObject({ status: 'new', convertedAgencyId: null });
  });
});
