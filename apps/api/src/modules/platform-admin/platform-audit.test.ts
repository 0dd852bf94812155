import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PlatformAuditPage } from '@portal/domain/platform-schemas';
import { body, useTestApp } from '../../test/app';
import { createTestPlatformAdmin, platformHeaders, platformLogin } from '../../test/platform';
import { recordPlatformAction } from './index';

const t = useTestApp();

async function list(token: string, query: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/platform/v2/audit',
    query,
    headers: platformHeaders(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return PlatformAuditPage.parse(body(res).data);
}

describe('the platform audit log', () => {
  it('lists sign-ins, sign-outs and recorded actions newest first, with before, after and approver', async () => {
    const finance = await createTestPlatformAdmin(t.app, {
      username: 'audit.finance',
      permissions: ['platform:finance'],
    });
    const approver = await createTestPlatformAdmin(t.app, { username: 'audit.approver' });
    const token = await platformLogin(t.app, finance);
    await t.database.db.transaction((tx) =>
      recordPlatformAction(
        tx,
        {
          admin: { id: finance.id, username: finance.username, permissions: ['platform:finance'] },
          sessionId: 's',
          requestId: 'req-1',
          locale: 'en',
        },
        {
          action: 'admin.disable',
          targetType: 'platformAdmin',
          targetId: '42',
          before: { status: 'active' },
          after: { status: 'disabled' },
          approvedBy: approver.id,
          note: 'left the company',
        },
      ),
    );
    const page = await list(token);
    expect(page.total).toBe(4);
    expect(page.list.map((r) => r.action)).toEqual([
      'admin.disable',
      'session.signIn',
      'admin.create',
      'admin.create',
    ]);
    expect(page.list[0]).toMatchObject({
      admin: { id: finance.id, username: 'audit.finance' },
      targetType: 'platformAdmin',
      targetId: '42',
      before: { status: 'active' },
      after: { status: 'disabled' },
      approvedBy: { id: approver.id, username: 'audit.approver' },
      note: 'left the company',
      requestId: 'req-1',
    });
  });

  it('filters by action, admin, target and date range, and pages', async () => {
    const admin = await createTestPlatformAdmin(t.app, { username: 'audit.filter' });
    const token = await platformLogin(t.app, admin);
    await platformLogin(t.app, admin);
    expect((await list(token, { action: 'session.signIn' })).total).toBe(2);
    expect((await list(token, { admin: 'AUDIT.FILTER' })).total).toBe(2);
    expect((await list(token, { admin: 'nobody' })).total).toBe(0);
    expect((await list(token, { targetType: 'platformAdmin', targetId: String(admin.id) })).total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(token, { from: today, to: today })).total).toBe(3);
    expect((await list(token, { to: '2000-01-01' })).total).toBe(0);
    const second = await list(token, { page: '2', pageSize: '2' });
    expect([second.list.length, second.total, second.page]).toEqual([1, 3, 2]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/platform/v2/audit',
      query: { action: 'no.such' },
      headers: platformHeaders(token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the selected rows to Excel in the caller’s language', async () => {
    const admin = await createTestPlatformAdmin(t.app, { username: 'audit.export' });
    const token = await platformLogin(t.app, admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/audit/export',
      payload: { action: 'session.signIn' },
      headers: { ...platformHeaders(token), 'accept-language': 'zh-cn' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/platform-audit-log-\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('平台审计日志');
    expect(sheet?.getRow(1).getCell(2).value).toBe('管理员');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(2).value).toBe('audit.export');
    expect(sheet?.getRow(2).getCell(3).value).toBe('session.signIn');
  });
});
