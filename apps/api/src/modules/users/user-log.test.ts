import ExcelJS from 'exceljs';
import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { USER_LOG_COUNT_CAP, UserLogPage, type UserLogEntry } from '@portal/domain/user-log';
import { userLogs, users } from './users.schema';
import { bearer, body, login, useTestApp } from '../../test/app';
import { recordUserAction } from './user-log';
import { rowsOf } from '../../platform/db/rows';
import { envelope } from '../../platform/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_AGENCY_TIME_ZONE } from '@portal/domain/time-zone';
import { localDate } from '../../platform/time-zones';
import { setAgencyTimeZone } from '../../test/agency-config';

const t = useTestApp();

async function list(token: string, query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/base/v2/user-logs${query}`,
    headers: { ...bearer(token), ...headers },
  });
  return res;
}

/** The agency's log as the SuperUser reads it, oldest first. */
async function entries(token: string, query = ''): Promise<UserLogEntry[]> {
  const res = await list(token, query);
  expect(res.statusCode).toBe(200);
  return UserLogPage.parse(body(res).data).list.reverse();
}

/** Calls are recorded once their answer has gone out: wait until `count` rows exist. */
async function rowsSettled(count: number) {
  await vi.waitFor(async () => {
    expect(await t.database.db.$count(userLogs)).toBeGreaterThanOrEqual(count);
  });
}

const loginPost = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/base/v2/login', payload: { username, password } });

describe('user log', () => {
  it('records a login, a failed login and a logout with who, IP and outcome', async () => {
    expect((await loginPost('operator', 'wrong-pass')).statusCode).toBe(401);
    expect((await loginPost('nobody', 'demo1234')).statusCode).toBe(401);
    const operator = await login(t.app, 'operator');
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/base/v2/me', headers: bearer(operator) })).statusCode,
    ).toBe(200);
    const admin = await login(t.app, 'admin');
    const log = await entries(admin);
    expect(log.map((e) => [e.username, e.action, e.outcome, e.code])).toEqual([
      ['operator', 'login_failed', 'refused', 201003],
      ['operator', 'login', 'ok', null],
      ['operator', 'logout', 'ok', null],
      ['admin', 'login', 'ok', null],
    ]);
    expect(log[0]?.ip).toBe('127.0.0.1');
    // The unknown username is kept with no user and no agency: no agency lists it.
    const [unknown] = await t.database.db.select().from(userLogs).where(eq(userLogs.username, 'nobody'));
    expect(unknown).toMatchObject({
      userId: null,
      agencyId: null,
      action: 'login_failed',
      outcome: 'refused',
    });
  });

  it('records a state-changing call with its route, target and outcome, and nothing of its body', async () => {
    const admin = await login(t.app, 'admin');
    const config = await t.app.inject({
      method: 'PUT',
      url: '/base/v2/me/config/dateFormat',
      headers: bearer(admin),
      payload: { value: 'dd/MM/yyyy' },
    });
    expect(config.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/base/v2/me/password',
      headers: bearer(admin),
      payload: { oldPassword: 'NotMyPassword1', newPassword: 'Another123' },
    });
    expect(refused.statusCode).toBe(400);
    await t.app.inject({ method: 'GET', url: '/base/v2/me', headers: bearer(admin) });
    await rowsSettled(3);
    const log = await entries(admin);
    expect(log.map((e) => [e.action, e.method, e.route, e.target, e.outcome, e.code])).toEqual([
      ['login', null, null, null, 'ok', null],
      ['call', 'PUT', '/base/v2/me/config/:key', 'dateFormat', 'ok', null],
      ['call', 'PUT', '/base/v2/me/password', null, 'refused', 201004],
    ]);
    const stored = JSON.stringify(await t.database.db.select().from(userLogs));
    expect(stored).not.toContain('NotMyPassword1');
    expect(stored).not.toContain('dd/MM/yyyy');
  });

  it('leaves out searches, their polls and downloads, which change nothing', async () => {
    const admin = await login(t.app, 'admin');
    const exported = await t.app.inject({
      method: 'POST',
      url: '/base/v2/user-logs/export',
      headers: bearer(admin),
      payload: {},
    });
    expect(exported.statusCode).toBe(200);
    const poll = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping/solutions',
      headers: bearer(admin),
      payload: { searchId: 'no-such-search' },
    });
    expect(poll.statusCode).toBeGreaterThanOrEqual(400);
    await t.app.inject({
      method: 'PUT',
      url: '/base/v2/me',
      headers: bearer(admin),
      payload: { nickname: 'A' },
    });
    await rowsSettled(2);
    const log = await entries(admin);
    expect(log.map((e) => [e.action, e.route])).toEqual([
      ['login', null],
      ['call', '/base/v2/me'],
    ]);
  });

  it('records a call refused for lack of rights with the target it aimed at', async () => {
    const operator = await login(t.app, 'operator');
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/agencies/2/balance',
      headers: bearer(operator),
      payload: { currency: 'CNY', amount: '1.00', exchangeRate: '1', referenceNumber: 'X-1' },
    });
    expect(res.statusCode).toBe(403);
    await rowsSettled(2);
    const log = await entries(await login(t.app, 'admin'), '?action=call');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      username: 'operator',
      route: '/base/v2/agencies/:id/balance',
      target: '2',
      outcome: 'refused',
      code: 100003,
    });
  });

  it.each([
    ['a NUL byte', '%00', '\\u0000'],
    ['a NUL byte inside text', 'ab%00cd', 'ab\\u0000cd'],
  ])(
    'records a refused write whose path holds %s, with the character escaped',
    async (_label, id, target) => {
      const admin = await login(t.app, 'admin');
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/base/v2/users/${id}`,
        headers: bearer(admin),
      });
      expect(res.statusCode).toBe(400);
      await rowsSettled(2);
      const log = await entries(admin, '?action=call');
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ route: '/base/v2/users/:id', target, outcome: 'refused', code: 100001 });
    },
  );

  it('stores NULs and lone surrogates of any recorded text escaped, whole surrogate pairs as they are', async () => {
    await recordUserAction(t.database.db, {
      action: 'login_failed',
      userId: null,
      agencyId: null,
      username: 'a\u0000b\ud800c\udfffd😀',
      target: '\ud83d',
      userAgent: `${'x'.repeat(511)}😀`,
    });
    const [row] = await t.database.db.select().from(userLogs).where(eq(userLogs.action, 'login_failed'));
    expect(row).toMatchObject({
      username: 'a\\u0000b\\ud800c\\udfffd😀',
      target: '\\ud83d',
      userAgent: 'x'.repeat(511),
    });
  });

  it('filters by user, action, outcome and date range, newest first with paging', async () => {
    await loginPost('operator', 'wrong-pass');
    await login(t.app, 'operator');
    await login(t.app, 'finance');
    const admin = await login(t.app, 'admin');
    const [operatorRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'operator'));
    const byUser = await entries(admin, `?userId=${operatorRow?.id}`);
    expect(byUser.map((e) => e.action)).toEqual(['login_failed', 'login']);
    expect((await entries(admin, '?outcome=refused')).map((e) => e.action)).toEqual(['login_failed']);
    expect((await entries(admin, '?action=login')).map((e) => e.username)).toEqual([
      'operator',
      'finance',
      'admin',
    ]);
    const today = localDate(new Date(), DEFAULT_AGENCY_TIME_ZONE);
    expect(await entries(admin, `?dateFrom=${today}&dateTo=${today}`)).toHaveLength(4);
    expect(await entries(admin, '?dateFrom=2020-01-01&dateTo=2020-12-31')).toHaveLength(0);
    const page = body<{ list: UserLogEntry[]; total: number }>(await list(admin, '?page=1&pageSize=1')).data;
    expect(page.total).toBe(4);
    expect(page.list.map((e) => e.username)).toEqual(['admin']);
    // A page past the last still counts the rows (its own statement: the page's has no row to carry it).
    const past = body<{ list: UserLogEntry[]; total: number }>(await list(admin, '?page=9&pageSize=1')).data;
    expect(past).toMatchObject({ list: [], total: 4 });
    expect(body<{ total: number }>(await list(admin, '?action=password_change')).data.total).toBe(0);
    expect((await list(admin, '?dateFrom=2026-02-30')).statusCode).toBe(400);
    expect((await list(admin, '?dateFrom=2026-03-02&dateTo=2026-03-01')).statusCode).toBe(400);
  });

  it("filters the list and the export by the agency's calendar days", async () => {
    await setAgencyTimeZone(t.database.db, 1, 'Asia/Shanghai');
    const admin = await login(t.app, 'admin');
    // A refused login at 23:30 UTC on 30 November: 07:30 on 1 December in Shanghai.
    await t.database.db.insert(userLogs).values({
      agencyId: 1,
      username: 'night',
      action: 'login_failed',
      outcome: 'refused',
      createdAt: new Date('2025-11-30T23:30:00Z'),
    });
    const names = async (token: string, from: string, to = from) =>
      (await entries(token, `?dateFrom=${from}&dateTo=${to}`)).map((e) => e.username);
    const exported = async (token: string, day: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/base/v2/user-logs/export',
        headers: bearer(token),
        payload: { dateFrom: day, dateTo: day },
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return (workbook.worksheets[0]?.rowCount ?? 0) - 1;
    };
    expect(await names(admin, '2025-12-01')).toEqual(['night']);
    expect(await names(admin, '2025-11-30')).toEqual([]);
    expect(await names(admin, '2025-11-01', '2025-11-30')).toEqual([]);
    expect(await exported(admin, '2025-12-01')).toBe(1);
    expect(await exported(admin, '2025-11-30')).toBe(0);
    await setAgencyTimeZone(t.database.db, 1, 'UTC');
    const utc = await login(t.app, 'admin');
    expect(await names(utc, '2025-11-30')).toEqual(['night']);
    expect(await names(utc, '2025-12-01')).toEqual([]);
    expect(await exported(utc, '2025-11-30')).toBe(1);
  });

  it('answers a page with the bytes the zod encoder writes: facts, targets, nulls and escapes', async () => {
    const admin = await login(t.app, 'admin');
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const who = { userId: me?.id ?? null, agencyId: me?.agencyId ?? null, username: 'admin' };
    await recordUserAction(t.database.db, {
      ...who,
      action: 'call',
      method: 'POST',
      route: '/order/v2/flight/orders/:id/payment',
      target: 'f6ab2015-cb67-446d-97bc-bcde0c4d8525',
      targetLabel: 'F20260100000040',
      facts: { amount: '930.00', currency: 'CNY', instalment: 2 },
      userAgent: 'Agent "quoted" \\ \u2028 张伟',
    });
    await recordUserAction(t.database.db, {
      ...who,
      action: 'call',
      method: 'DELETE',
      route: '/base/v2/users/:id',
      target: 7,
      outcome: 'refused',
      code: 403001,
      status: 403,
    });
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const encoder = serializerCompiler({
      schema: envelope(UserLogPage),
      method: 'GET',
      url: '/base/v2/user-logs',
      httpStatus: '200',
    });
    expect(res.body).toBe(encoder(body(res)));
    expect(UserLogPage.parse(body(res).data).list.some((e) => e.facts?.instalment === 2)).toBe(true);
  });

  it('exports the filtered log as an Excel file with headings in the reader language', async () => {
    await loginPost('operator', 'wrong-pass');
    const admin = await login(t.app, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/user-logs/export',
      headers: { ...bearer(admin), 'accept-language': 'zh-cn' },
      payload: { outcome: 'refused' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('user-log-');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('时间（UTC）');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(2).value).toBe('operator');
    // The action in the reader's words, with the reason of the refusal.
    expect(sheet?.getRow(2).getCell(3).value).toBe('登录失败：用户名或密码错误');
    expect(sheet?.getRow(2).getCell(8).value).toBe(201003);
  });

  it('is refused to operators and never shows another agency its rows', async () => {
    await login(t.app, 'admin');
    const operator = await login(t.app, 'operator');
    expect((await list(operator)).statusCode).toBe(403);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/base/v2/user-logs/export',
      headers: bearer(operator),
      payload: {},
    });
    expect(exported.statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ roles: ['SuperUser'] })
      .where(eq(users.username, 'subop'));
    const sub = await login(t.app, 'subop');
    const log = await entries(sub);
    expect(log.map((e) => e.username)).toEqual(['subop']);
  });
});

describe('user log paged on by cursor', () => {
  /** The page of `query` as the route answers it (status 200). */
  async function pageOf(token: string, query: string): Promise<UserLogPage> {
    const res = await list(token, query);
    expect(res.statusCode, res.body).toBe(200);
    return UserLogPage.parse(body(res).data);
  }

  /**
   * Rows of two users, actions and outcomes over three days, with times that share a millisecond
   * (their order is their microseconds) and times written twice (their order is their ids).
   */
  async function seedRows(): Promise<{ admin: string; operatorId: number }> {
    const admin = await login(t.app, 'admin');
    const staff = await t.database.db.select().from(users).where(eq(users.agencyId, 1));
    const adminRow = staff.find((u) => u.username === 'admin');
    const operatorRow = staff.find((u) => u.username === 'operator');
    if (!adminRow || !operatorRow) throw new Error('the demo agency has an admin and an operator');
    await t.database.db.execute(sql`
      insert into user_logs (user_id, agency_id, username, action, outcome, created_at)
      select case when g % 3 = 0 then ${operatorRow.id}::int else ${adminRow.id}::int end, 1,
             case when g % 3 = 0 then 'operator' else 'admin' end,
             case when g % 4 = 0 then 'login' else 'call' end,
             case when g % 5 = 0 then 'refused' else 'ok' end,
             timestamptz '2026-03-03T12:00:00Z' - (g / 2) * interval '3 hours'
               - (case when g <= 20 then g % 2 else 0 end) * interval '1 microsecond'
        from generate_series(1, 40) g`);
    return { admin, operatorId: operatorRow.id };
  }

  it('reads each page after the cursor of the page before as the offset reads it, with each filter', async () => {
    const { admin, operatorId } = await seedRows();
    const filters = [
      '',
      `userId=${operatorId}`,
      'action=call',
      'outcome=refused',
      'dateFrom=2026-03-01&dateTo=2026-03-02',
      `userId=${operatorId}&action=call&outcome=ok&dateFrom=2026-02-27&dateTo=2026-03-03`,
    ];
    for (const filter of filters) {
      const first = await pageOf(admin, `?${filter}&pageSize=3`);
      let before = first;
      let pages = 1;
      while (before.next !== undefined) {
        pages += 1;
        const byNumber = await pageOf(admin, `?${filter}&pageSize=3&page=${pages}`);
        const byCursor = await pageOf(admin, `?${filter}&pageSize=3&page=${pages}&after=${before.next}`);
        expect(byCursor, `${filter} page ${pages}`).toEqual(byNumber);
        before = byCursor;
      }
      // Every row was read once: the last page is short, or (a full one) followed by an empty one.
      const total = first.total ?? 0;
      expect(pages, filter).toBe(Math.floor(total / 3) + 1);
      expect(before.list.length, filter).toBe(total % 3);
      expect(total, filter).toBeGreaterThan(3);
      // Without the count, the same page and cursor, and no total.
      const uncounted = await pageOf(admin, `?${filter}&pageSize=3&count=false`);
      expect(uncounted).toEqual({ ...first, total: undefined, totalCapped: undefined });
    }
  });

  it('answers the next cursor for a full page only, and the total past the last page', async () => {
    const { admin } = await seedRows();
    const logins = 'action=login&dateFrom=2026-02-01&dateTo=2026-03-31';
    const last = await pageOf(admin, `?${logins}&pageSize=20`);
    expect(last.total).toBe(10);
    expect(last.next).toBeUndefined();
    const full = await pageOf(admin, `?${logins}&pageSize=10`);
    expect(full.next).toMatch(/^\d+_\d+$/);
    // The compiled serializer writes `next` as the zod encoder does.
    const res = await list(admin, `?${logins}&pageSize=10`);
    const encoder = serializerCompiler({
      schema: envelope(UserLogPage),
      method: 'GET',
      url: '/base/v2/user-logs',
      httpStatus: '200',
    });
    expect(res.body).toBe(encoder(body(res)));
    expect(res.body).toContain(`"next":"${full.next}"`);
    const past = await pageOf(admin, `?${logins}&pageSize=10&page=2&after=${full.next}`);
    expect(past).toMatchObject({ list: [], total: 10, page: 2 });
    expect(past.next).toBeUndefined();
  });

  it('refuses a cursor not in the cursor format', async () => {
    const admin = await login(t.app, 'admin');
    for (const after of [
      '',
      'abc',
      '1',
      '1_',
      '_1',
      '1_2_3',
      '-1_2',
      '1.5_2',
      '1_2x',
      `${'9'.repeat(18)}_1`,
    ]) {
      expect((await list(admin, `?page=2&after=${encodeURIComponent(after)}`)).statusCode, after).toBe(400);
    }
    expect((await list(admin, '?page=2&after=1764460800000000_12')).statusCode).toBe(200);
  });

  it('reads the next page past the rows seen when a row was written meanwhile', async () => {
    const { admin } = await seedRows();
    const first = await pageOf(admin, '?pageSize=5');
    const second = await pageOf(admin, '?pageSize=5&page=2');
    await recordUserAction(t.database.db, { action: 'login', userId: null, agencyId: 1, username: 'late' });
    const byCursor = await pageOf(admin, `?pageSize=5&page=2&after=${first.next}`);
    expect(byCursor.list).toEqual(second.list);
    expect(byCursor.total).toBe((second.total ?? 0) + 1);
    // By number, the new row pushes the first page's last row onto the second.
    const byNumber = await pageOf(admin, '?pageSize=5&page=2');
    expect(byNumber.list[0]).toEqual(first.list.at(-1));
  });

  it('never reads another agency rows past a cursor', async () => {
    await seedRows();
    await t.database.db
      .update(users)
      .set({ roles: ['SuperUser'] })
      .where(eq(users.username, 'subop'));
    const sub = await login(t.app, 'subop');
    const page = await pageOf(sub, `?page=2&after=${Date.UTC(2100, 0, 1) * 1000}_999999`);
    expect(page.list.map((e) => e.username)).toEqual(['subop']);
  });
});

describe('user log at scale', () => {
  it('counts the rows up to the cap and says so, and pages past it in the list order', async () => {
    const admin = await login(t.app, 'admin');
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    // One row past the cap, older than the admin's login, one a second back in time.
    await t.database.db.execute(sql`
      insert into user_logs (user_id, agency_id, username, action, outcome, created_at)
      select ${me?.id}, ${me?.agencyId}, 'admin', 'password_change', 'ok',
             timestamptz '2026-01-01T00:00:00Z' - g * interval '1 second'
        from generate_series(1, ${USER_LOG_COUNT_CAP + 1}) g`);
    const page = async (query: string) => {
      const res = await list(admin, query);
      expect(res.statusCode).toBe(200);
      return UserLogPage.parse(body(res).data);
    };
    const all = await page('?pageSize=10');
    expect(all).toMatchObject({ total: USER_LOG_COUNT_CAP, totalCapped: true });
    expect(all.list[0]?.action).toBe('login');
    // A filter under the cap is counted exactly.
    expect(await page('?action=login')).toMatchObject({ total: 1, totalCapped: false });
    // A deep page: its rows in the list's order, newest first.
    const deep = await page('?action=password_change&page=1000&pageSize=10');
    expect(deep.list.map((e) => e.createdAt)).toEqual(
      Array.from({ length: 10 }, (_, i) => new Date(Date.UTC(2026, 0, 1) - (9991 + i) * 1000).toISOString()),
    );
    expect(deep.list.every((e) => e.username === 'admin')).toBe(true);
    // Past the counted rows a page is not read by its number (the pager's last is 1,000 of 10):
    // the log pages on from the page before with `after`.
    const past = await list(admin, '?action=password_change&page=1001&pageSize=10');
    expect(past.statusCode).toBe(400);
    expect(body(past).data).toEqual({ errors: [{ path: 'page', message: expect.stringContaining('1000') }] });
    expect(deep.next).toBeDefined();
    const next = await page(`?action=password_change&page=1001&pageSize=10&after=${deep.next}`);
    expect(next.list.map((e) => e.createdAt)).toEqual([
      new Date(Date.UTC(2026, 0, 1) - 10_001 * 1000).toISOString(),
    ]);
  });

  it('reads a page of each filter from an index holding the filter, the order and the id', async () => {
    const planOf = (query: SQL) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const newest = sql`order by created_at desc, id desc limit 20 offset 20000`;
    const byFilter: [string, SQL][] = [
      ['user_logs_agency_user_created_id_idx', sql`agency_id = 1 and user_id = 1`],
      // One user's rows of one action: both in the index's key, none read from the table to check.
      [
        'user_logs_agency_user_action_created_id_idx',
        sql`agency_id = 1 and user_id = 1 and action = 'login'`,
      ],
      ['user_logs_agency_action_created_id_idx', sql`agency_id = 1 and action = 'login'`],
      ['user_logs_agency_outcome_created_id_idx', sql`agency_id = 1 and outcome = 'refused'`],
      [
        'user_logs_agency_idx',
        sql`agency_id = 1 and created_at >= '2026-01-01' and created_at < '2026-02-01'`,
      ],
    ];
    // Past a cursor, in the same index, sought to the cursor (no offset to skip).
    const pastCursor = sql`(created_at, id) < (timestamptz 'epoch' + 1764460800000000 * interval '1 microsecond', 9)`;
    for (const [index, condition] of byFilter) {
      expect(await planOf(sql`select id from user_logs where ${condition} ${newest}`), index).toContain(
        index,
      );
      const seek = await planOf(
        sql`select id from user_logs where ${condition} and ${pastCursor} order by created_at desc, id desc limit 20`,
      );
      expect(seek, index).toContain(index);
      expect(seek, index).toMatch(/Index Cond: .*ROW\(created_at, id\) </);
    }
  });
});
