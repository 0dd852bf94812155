import ExcelJS from 'exceljs';
import { asc, eq, ne } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { UserLogPage, type UserLogEntry } from '@portal/domain/user-log';
import { routeEventOf } from '@portal/domain/user-log-events';
import { userLogs, users } from './users.schema';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { isRecordedCall } from './user-log.hook';

const t = useTestApp();

/** Calls are recorded once their answer has gone out: wait until `count` rows exist. */
async function rowsSettled(count: number) {
  await vi.waitFor(async () => {
    expect(await t.database.db.$count(userLogs)).toBeGreaterThanOrEqual(count);
  });
}

/** The agency's log as the SuperUser reads it, oldest first, without the sign-ins. */
async function calls(token: string): Promise<UserLogEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/base/v2/user-logs',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return UserLogPage.parse(body(res).data)
    .list.reverse()
    .filter((e) => e.action !== 'login');
}

/** The export's "action" column (the sentences), oldest first, in `language`; the sign-in first. */
async function exportedWords(token: string, language: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/base/v2/user-logs/export',
    headers: { ...bearer(token), 'accept-language': language },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const words: string[] = [];
  sheet?.eachRow((row, n) => {
    if (n > 1) words.push(String(row.getCell(3).value));
  });
  return words.reverse();
}

const pay = (token: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/order/v2/flight/orders/${id}/payment`,
    headers: bearer(token),
    payload: { channel: 'balance' },
  });

describe('user log in words', () => {
  it('maps every mutating route the log records to an action', () => {
    const unmapped = t.app.routeTable
      .filter((r) => !r.public && isRecordedCall(r.method, r.url, undefined))
      .filter((r) => routeEventOf(r.method, r.url) === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(unmapped).toEqual([]);
  });

  it('stores a payment, a password reset and a top-up as actions with their targets and facts, and says them in en and zh-cn', async () => {
    const admin = await login(t.app, 'admin');
    const order = await bookOne(t.app, admin);
    expect((await pay(admin, order.id)).statusCode).toBe(200);
    const refused = await pay(admin, order.id);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const [operator] = await t.database.db.select().from(users).where(eq(users.username, 'operator'));
    const reset = await t.app.inject({
      method: 'POST',
      url: `/base/v2/users/${operator?.id}/password`,
      headers: bearer(admin),
    });
    expect(reset.statusCode).toBe(200);
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/base/v2/agencies/2/balance',
      headers: bearer(admin),
      payload: { currency: 'CNY', amount: '1200.50', exchangeRate: '1', referenceNumber: 'BANK-7' },
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    await rowsSettled(6);

    const stored = await t.database.db
      .select()
      .from(userLogs)
      .where(ne(userLogs.action, 'login'))
      .orderBy(asc(userLogs.id));
    expect(stored.map((r) => [r.event, r.targetKind, r.target, r.targetLabel, r.outcome])).toEqual([
      ['order.create', 'flightOrder', order.id, order.bookingNumber, 'ok'],
      ['order.pay.balance', 'flightOrder', order.id, order.bookingNumber, 'ok'],
      ['order.pay.balance', 'flightOrder', order.id, order.bookingNumber, 'refused'],
      ['user.password.reset', 'user', String(operator?.id), 'operator', 'ok'],
      ['agency.topUp', 'agency', '2', 'TripBridge East Branch', 'ok'],
    ]);
    expect(stored[1]?.facts).toEqual({ amount: expect.stringMatching(/^\d+\.\d\d$/), currency: 'CNY' });
    expect(stored[4]?.facts).toEqual({ amount: '1200.50', currency: 'CNY' });
    const amount = stored[1]?.facts?.amount ?? '';
    const shown = Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 });

    const listed = await calls(admin);
    expect(listed[1]).toMatchObject({
      event: 'order.pay.balance',
      targetRef: { kind: 'flightOrder', id: order.id, label: order.bookingNumber },
      facts: { amount, currency: 'CNY' },
    });

    const b = order.bookingNumber;
    const en = await exportedWords(admin, 'en');
    expect(en).toEqual([
      'Signed in',
      `Booked flight order ${b}, CNY ${shown}`,
      `Paid order ${b} with the balance, CNY ${shown}`,
      expect.stringMatching(new RegExp(`^Could not pay order ${b} with the balance, CNY ${shown}: .+`)),
      'Reset the password of user operator',
      'Topped up the balance of TripBridge East Branch by CNY 1,200.50',
    ]);
    const zh = await exportedWords(admin, 'zh-cn');
    expect(zh).toEqual([
      '登录',
      `预订了机票订单 ${b}，CNY ${shown}`,
      `使用余额支付了订单 ${b}，CNY ${shown}`,
      expect.stringMatching(new RegExp(`^使用余额支付订单 ${b} 失败，CNY ${shown}：.+`)),
      '重置了用户 operator 的密码',
      '为 TripBridge East Branch 充值 CNY 1,200.50',
    ]);
  });

  it('names what a create made by the id its answer returns: a sub-agency by its name, a user by username', async () => {
    const admin = await login(t.app, 'admin');
    const agency = await t.app.inject({
      method: 'POST',
      url: '/base/v2/agencies',
      headers: bearer(admin),
      payload: {
        name: 'Acme Travel',
        alias: 'Acme',
        advisor: 'Wendy Advisor',
        contactName: 'Mei Lin',
        email: 'ops@acme.example',
        phone: { areaCode: '852', number: '91234567' },
        superAdminUsername: 'acme.admin',
      },
    });
    expect(agency.statusCode, agency.body).toBe(200);
    const user = await t.app.inject({
      method: 'POST',
      url: '/base/v2/users',
      headers: bearer(admin),
      payload: { username: 'lina', nickname: 'Lina', email: 'lina@example.com', roles: ['operator'] },
    });
    expect(user.statusCode, user.body).toBe(200);
    await rowsSettled(3);
    const listed = await calls(admin);
    expect(listed.map((e) => [e.event, e.targetRef?.kind, e.targetRef?.label])).toEqual([
      ['agency.create', 'agency', 'Acme Travel'],
      ['user.create', 'user', 'lina'],
    ]);
    expect(await exportedWords(admin, 'en')).toEqual([
      'Signed in',
      'Created sub-agency Acme Travel',
      'Created user lina',
    ]);
    expect(await exportedWords(admin, 'zh-tw')).toEqual([
      '登入',
      '新增了下級代理 Acme Travel',
      '新增了使用者 lina',
    ]);
  });

  it('keeps a fact only in its shape: a setting name with a NUL is left out and the row still written', async () => {
    const admin = await login(t.app, 'admin');
    for (const key of ['dateFormat', '%00']) {
      await t.app.inject({
        method: 'PUT',
        url: `/base/v2/me/config/${key}`,
        headers: bearer(admin),
        payload: { value: 'dd/MM/yyyy' },
      });
    }
    await rowsSettled(3);
    const listed = await calls(admin);
    expect(listed.map((e) => [e.event, e.facts, e.outcome])).toEqual([
      ['profile.setting.change', { setting: 'dateFormat' }, 'ok'],
      ['profile.setting.change', null, 'refused'],
    ]);
    expect((await exportedWords(admin, 'en')).slice(0, 2)).toEqual([
      'Signed in',
      'Changed the setting dateFormat',
    ]);
  });

  it('never names another agency’s target in a refused call', async () => {
    const subop = await login(t.app, 'subop');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/base/v2/agencies/1',
      headers: bearer(subop),
      payload: {},
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    await rowsSettled(2);
    const [row] = await t.database.db.select().from(userLogs).where(eq(userLogs.action, 'call'));
    expect(row).toMatchObject({
      event: 'agency.update',
      targetKind: 'agency',
      target: '1',
      targetLabel: null,
    });
  });

  it('still says rows written before actions were recorded, and routes the table does not name', async () => {
    const admin = await login(t.app, 'admin');
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const base = {
      userId: me?.id ?? null,
      agencyId: me?.agencyId ?? null,
      username: 'admin',
      action: 'call',
    };
    await t.database.db.insert(userLogs).values([
      { ...base, method: 'DELETE', route: '/order/v2/flight/orders/:id', target: 'a1b2', outcome: 'ok' },
      {
        ...base,
        method: 'PATCH',
        route: '/base/v2/retired/:id',
        target: '9',
        outcome: 'refused',
        code: 100003,
      },
    ]);
    const listed = await calls(admin);
    expect(listed.map((e) => [e.event, e.targetRef])).toEqual([
      ['order.cancel', { kind: 'flightOrder', id: 'a1b2', label: null }],
      [null, null],
    ]);
    expect(await exportedWords(admin, 'en')).toEqual([
      'Signed in',
      'Cancelled order a1b2',
      'A change could not be made (/base/v2/retired/:id): You do not have the access',
    ]);
    expect(await exportedWords(admin, 'zh-cn')).toEqual([
      '登录',
      '取消了订单 a1b2',
      '修改未能完成（/base/v2/retired/:id）：您没有访问权限',
    ]);
  });
});
