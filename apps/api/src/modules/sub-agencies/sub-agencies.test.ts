import ExcelJS from 'exceljs';
import { eq, or } from 'drizzle-orm';
import type {
  LookToBook,
  SubAgencyBalance,
  SubAgencyStatement,
  SubStatementDetail,
  SubStatementList,
} from '@portal/domain/sub-agencies';
import type { TransactionList, WalletEntryList } from '@portal/domain/wallet';
import { describe, expect, it } from 'vitest';
import { MAX_SUB_RANGE_DAYS } from '@portal/domain/sub-agencies';
import { agencies } from '../agencies/index';
import { lookToBook } from '../shopping/index';
import { users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { payFromBalance } from '../wallet/index';
import { reimburse } from '../wallet/index';
import { fundThroughParents, moveEntries } from '../wallet/wallet.test-helpers';
import { journalEntries } from '../wallet/index';
import { addDays } from '../../platform/time';
import { localDate } from '../../platform/time-zones';

/**
 * The money of sub-agencies as their parent's agency manager reads it: statements per
 * sub-agency and period computed from the ledger, one month's statement, balances, bills with
 * their exports, and the look-to-book ratio per day; and who may read which agency.
 */
const t = useTestApp();

const get = async <T>(username: string, url: string, lang = 'en') => {
  const res = await t.app.inject({
    url,
    headers: { ...bearer(await login(t.app, username)), 'accept-language': lang },
  });
  return {
    status: res.statusCode,
    code: res.json<{ code: number }>().code,
    data: res.statusCode === 200 ? body<T>(res).data : undefined,
  };
};
const post = async (username: string, url: string, payload: object, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...bearer(await login(t.app, username)), 'accept-language': lang },
  });

/** Every row of the first sheet of an .xlsx answer, as cell values. */
async function sheetRows(raw: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** Moves journal entries (by reference or order id) to `at`. */
async function backdate(match: string, at: string): Promise<void> {
  await moveEntries(
    t.database.db,
    or(eq(journalEntries.reference, match), eq(journalEntries.orderId, match)),
    new Date(at),
  );
}

/** Agency 4 under agency 2 (agency 1's grandchild) with a user of agency 1's finance password. */
async function addGrandchild(): Promise<void> {
  const [parent] = await t.database.db.select().from(agencies).where(eq(agencies.id, 2));
  if (!parent) throw new Error('no agency 2');
  await t.database.db.insert(agencies).values({
    id: 4,
    name: 'TripBridge East Branch Desk',
    proxyLevel: 2,
    parentId: 2,
    commonConfig: { ...parent.commonConfig, settlementCurrency: 'USD' },
  });
}

async function addUser(username: string, agencyId: number, roles: string[], permissions: string[]) {
  const [finance] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
  await t.database.db
    .insert(users)
    .values({ username, agencyId, roles, permissions, passwordHash: finance?.passwordHash ?? '' });
}

const cny = (amount: string) => ({ amount, currency: 'CNY' });

/**
 * Agency 2's CNY wallet (seeded with an opening top-up of 5,000.00 now): moved to 2026-01, then in
 * 2026-02 a top-up of 300.00, a flight of 120.00, a train of 30.00, a change of 10.00, a
 * reimbursement of the train 30.00; in 2026-03 a flight of 50.00 in the last second of 31 March in
 * Beijing (the agency's time zone, Asia/Shanghai by default).
 */
async function seedHistory(): Promise<void> {
  await backdate('DEMO-OPENING-2', '2026-01-10T08:00:00Z');
  const { db } = t.database;
  await db.transaction(async (tx) => {
    await fundThroughParents(tx, {
      agencyId: 2,
      currency: 'CNY',
      amountMinor: 30_000,
      reference: 'FEB-TOPUP',
    });
    const pay = (
      orderId: string,
      amountMinor: number,
      kind: 'origin-flight' | 'origin-train' | 'change-flight',
    ) => payFromBalance(tx, { agencyId: 2, currency: 'CNY', amountMinor, orderId, kind });
    await pay('FEB-FLIGHT', 12_000, 'origin-flight');
    await pay('FEB-TRAIN', 3_000, 'origin-train');
    await pay('FEB-CHANGE', 1_000, 'change-flight');
    await reimburse(tx, { agencyId: 2, currency: 'CNY', amountMinor: 3_000, orderId: 'FEB-TRAIN' });
    await pay('MAR-FLIGHT', 5_000, 'origin-flight');
  });
  for (const ref of ['FEB-TOPUP', 'FEB-FLIGHT', 'FEB-TRAIN', 'FEB-CHANGE'])
    await backdate(ref, '2026-02-15T12:00:00Z');
  await backdate('MAR-FLIGHT', '2026-03-31T15:59:59Z');
}

describe('sub-agency statements', () => {
  it('gives each sub-agency opening, top-ups, spending per kind, closing and credit limit of a month', async () => {
    await seedHistory();
    const res = await get<SubStatementList>('finance', '/base/v2/sub/statements?period=2026-02');
    expect(res.status).toBe(200);
    expect(res.data?.total).toBe(1);
    expect(res.data?.list).toEqual([
      {
        agencyId: 2,
        agencyName: 'TripBridge East Branch',
        from: '2026-02-01',
        to: '2026-02-28',
        currency: 'CNY',
        opening: cny('5000.00'),
        topUps: cny('300.00'),
        spending: {
          'origin-flight': cny('-120.00'),
          'origin-train': cny('-30.00'),
          'refund-flight': cny('30.00'),
          'change-flight': cny('-10.00'),
          'void-flight': cny('0.00'),
        },
        closing: cny('5170.00'),
        creditLimit: cny('0.00'),
      },
    ]);
  });

  it("takes a range of the agency's days: the last second of its day is in it, the next day is not", async () => {
    await seedHistory();
    const range = async (to: string) =>
      (await get<SubStatementList>('admin', `/base/v2/sub/statements?from=2026-03-01&to=${to}`)).data
        ?.list[0];
    expect(await range('2026-03-31')).toMatchObject({ opening: cny('5170.00'), closing: cny('5120.00') });
    expect(await range('2026-03-30')).toMatchObject({ opening: cny('5170.00'), closing: cny('5170.00') });
    // One second later it is 1 April in Beijing, though still 31 March in UTC.
    await backdate('MAR-FLIGHT', '2026-03-31T16:00:00Z');
    expect(await range('2026-03-31')).toMatchObject({ closing: cny('5170.00') });
    const april = await get<SubStatementDetail>('finance', '/base/v2/sub/statements/2/2026-04');
    expect(april.data?.days[0]).toMatchObject({
      from: '2026-04-01',
      opening: cny('5170.00'),
      closing: cny('5120.00'),
    });
    // A sub-agency keeping its books in UTC has the same moment on its 31 March.
    await t.database.db.update(agencies).set({ timeZone: 'UTC' }).where(eq(agencies.id, 2));
    expect(await range('2026-03-31')).toMatchObject({ closing: cny('5120.00') });
  });

  it('closes today at the wallet balance, and each closing is opening plus top-ups plus spending', async () => {
    await seedHistory();
    // Today of the sub-agency (its statement days end at its midnight, not UTC's), and the longest
    // range before it: the opening then holds whatever came earlier.
    const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.id, 2));
    const today = localDate(new Date(), agency?.timeZone ?? 'UTC');
    const from = addDays(today, 1 - MAX_SUB_RANGE_DAYS);
    const res = await get<SubStatementList>('finance', `/base/v2/sub/statements?from=${from}&to=${today}`);
    expect(res.status).toBe(200);
    const row = res.data?.list[0];
    const balance = await get<SubAgencyBalance>('finance', '/base/v2/sub/balance/2');
    expect(row?.closing).toEqual(balance.data?.wallets[0]?.balance);
    for (const s of res.data?.list ?? []) expect(closingOf(s)).toBe(Number(s.closing.amount));
  });

  it("lists the whole tree: a grandchild in its settlement currency, the agency's own wallet never", async () => {
    await addGrandchild();
    const res = await get<SubStatementList>('admin', '/base/v2/sub/statements?period=2026-02');
    expect(res.data?.list.map((s) => [s.agencyId, s.currency])).toEqual([
      [2, 'CNY'],
      [4, 'USD'],
    ]);
    const one = await get<SubStatementList>('admin', '/base/v2/sub/statements?period=2026-02&agencyId=4');
    expect(one.data?.list.map((s) => s.agencyId)).toEqual([4]);
    const paged = await get<SubStatementList>(
      'admin',
      '/base/v2/sub/statements?period=2026-02&pageSize=1&page=2',
    );
    expect(paged.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.data?.list.map((s) => s.agencyId)).toEqual([4]);
  });

  it('refuses its own agency, another tenant, an unknown agency with 404, and a bad period with 400', async () => {
    for (const id of [1, 222, 999_999]) {
      const res = await get('admin', `/base/v2/sub/statements?period=2026-02&agencyId=${id}`);
      expect([id, res.status, res.code]).toEqual([id, 404, 100004]);
    }
    for (const query of [
      '',
      'period=2026-02&from=2026-02-01&to=2026-02-02',
      'from=2026-02-03&to=2026-02-01',
    ]) {
      expect((await get('admin', `/base/v2/sub/statements?${query}`)).status).toBe(400);
    }
  });

  it("answers the calendar's first and last days and the largest ids without an error", async () => {
    for (const url of [
      '/base/v2/sub/statements?period=1900-01',
      '/base/v2/sub/statements?from=2199-01-01&to=2199-12-31&page=10000&pageSize=100',
      '/base/v2/sub/statements/2/2199-12',
      '/base/v2/sub/look-to-book?agencyId=2&from=1900-01-01&to=1900-12-31',
    ]) {
      expect([url, (await get('admin', url)).status]).toEqual([url, 200]);
    }
    for (const url of [
      '/base/v2/sub/statements?period=2026-02&agencyId=2147483647',
      '/base/v2/sub/balance/2147483647',
      '/base/v2/sub/bills/2147483647/entries',
    ]) {
      expect([url, (await get('admin', url)).status]).toEqual([url, 404]);
    }
    for (const url of [
      '/base/v2/sub/balance/2147483648',
      '/base/v2/sub/statements/x/2026-01',
      '/base/v2/sub/bills/0/entries',
    ]) {
      expect([url, (await get('admin', url)).status]).toEqual([url, 400]);
    }
  });

  it('refuses callers without agency manager and finance access with 403', async () => {
    await addUser('subfinance', 2, ['finance'], ['agencybills:read']);
    for (const username of ['operator', 'subop', 'subfinance', 'partner']) {
      const res = await get(username, '/base/v2/sub/statements?period=2026-02');
      expect([username, res.status, res.code]).toEqual([username, 403, 100003]);
    }
  });

  it('exports the same rows as an Excel file named in the caller language', async () => {
    await seedHistory();
    const res = await post('finance', '/base/v2/sub/statements', { period: '2026-02' }, 'zh-cn');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('下级代理对账单'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]?.[0]).toBe('代理');
    expect(rows[1]).toEqual([
      'TripBridge East Branch',
      2,
      '2026-02-01',
      '2026-02-28',
      'CNY',
      5000,
      300,
      -120,
      -30,
      30,
      -10,
      0,
      5170,
      0,
    ]);
  });

  it("gives one sub-agency's month ({a} agency id, {b} month) with a statement per day", async () => {
    await seedHistory();
    const res = await get<SubStatementDetail>('finance', '/base/v2/sub/statements/2/2026-02');
    expect(res.data).toMatchObject({ agencyId: 2, period: '2026-02' });
    expect(res.data?.statements[0]).toMatchObject({ opening: cny('5000.00'), closing: cny('5170.00') });
    const days = res.data?.days ?? [];
    expect(days).toHaveLength(28);
    expect(days[13]).toMatchObject({ from: '2026-02-14', opening: cny('5000.00'), closing: cny('5000.00') });
    expect(days[14]).toMatchObject({ from: '2026-02-15', topUps: cny('300.00'), closing: cny('5170.00') });
    expect(days[27]?.closing).toEqual(cny('5170.00'));
    expect((await get('finance', '/base/v2/sub/statements/222/2026-02')).status).toBe(404);
    expect((await get('finance', '/base/v2/sub/statements/2/2026-13')).status).toBe(400);
  });
});

/** Opening + top-ups + spending of a statement, in major units. */
function closingOf(s: SubAgencyStatement): number {
  const spent = Object.values(s.spending).reduce((n, m) => n + Math.round(Number(m.amount) * 100), 0);
  return (
    (Math.round(Number(s.opening.amount) * 100) + Math.round(Number(s.topUps.amount) * 100) + spent) / 100
  );
}

describe('sub-agency balance', () => {
  it('gives balance, credit limit and available amount; another tenant is 404', async () => {
    const token = await login(t.app, 'finance');
    await t.app.inject({
      method: 'PUT',
      url: '/base/v2/agencies/2/credit',
      payload: { credit: '250.00' },
      headers: bearer(token),
    });
    const res = await get<SubAgencyBalance>('finance', '/base/v2/sub/balance/2');
    expect(res.data).toEqual({
      agencyId: 2,
      agencyName: 'TripBridge East Branch',
      settlementCurrency: 'CNY',
      wallets: [
        { currency: 'CNY', balance: cny('5000.00'), creditLimit: cny('250.00'), available: cny('5250.00') },
      ],
    });
    expect((await get('finance', '/base/v2/sub/balance/222')).status).toBe(404);
    expect((await get('finance', '/base/v2/sub/balance/1')).status).toBe(404);
  });

  it("lists a grandchild's settlement currency before its first entry", async () => {
    await addGrandchild();
    const res = await get<SubAgencyBalance>('admin', '/base/v2/sub/balance/4');
    expect(res.data?.wallets).toEqual([
      {
        currency: 'USD',
        balance: { amount: '0.00', currency: 'USD' },
        creditLimit: { amount: '0.00', currency: 'USD' },
        available: { amount: '0.00', currency: 'USD' },
      },
    ]);
  });
});

describe('sub-agency bills', () => {
  it("lists the sub-agency's wallet entries and transactions with the wallet's filters", async () => {
    await seedHistory();
    const entries = await get<WalletEntryList>('finance', '/base/v2/sub/bills/2/entries?type=origin-flight');
    expect(entries.status).toBe(200);
    expect(entries.data?.list.map((e) => [e.orderId, e.amountPaid.amount])).toEqual([
      ['MAR-FLIGHT', '-50.00'],
      ['FEB-FLIGHT', '-120.00'],
    ]);
    const feb = await get<TransactionList>(
      'finance',
      '/base/v2/sub/bills/2/transactions?dateFrom=2026-02-01&dateTo=2026-02-28',
    );
    expect(feb.data?.total).toBe(5);
  });

  it('exports the entries and the transactions as Excel files', async () => {
    await seedHistory();
    const entries = await post('finance', '/base/v2/sub/bills/2/entries/export', { type: 'origin-flight' });
    expect(entries.statusCode).toBe(200);
    expect((await sheetRows(entries.rawPayload)).slice(1).map((r) => r[2])).toEqual([
      'MAR-FLIGHT',
      'FEB-FLIGHT',
    ]);
    const transactions = await post('finance', '/base/v2/sub/bills/2/transactions/export', {});
    expect(transactions.statusCode).toBe(200);
    expect(String(transactions.headers['content-type'])).toContain('spreadsheetml');
  });

  it('needs agencybills:read: a finance user without it is refused, an unknown agency is 404', async () => {
    await addUser('billsless', 1, ['finance'], ['bills:read']);
    const refused = await get('billsless', '/base/v2/sub/bills/2/entries');
    expect([refused.status, refused.code]).toEqual([403, 100003]);
    expect((await post('billsless', '/base/v2/sub/bills/2/entries/export', {})).statusCode).toBe(403);
    expect((await get('finance', '/base/v2/sub/bills/222/entries')).status).toBe(404);
    expect((await get('finance', '/base/v2/sub/bills/1/transactions')).status).toBe(404);
    expect((await get('subop', '/base/v2/sub/bills/2/entries')).status).toBe(403);
  });
});

describe('look-to-book per sub-agency', () => {
  it('gives searches, bookings and their ratio per day, zeros on quiet days, and the ticketing settings', async () => {
    await t.database.db.insert(lookToBook).values([
      { agencyId: 2, day: '2026-05-01', searches: 40, bookings: 4 },
      { agencyId: 2, day: '2026-05-03', searches: 7, bookings: 0 },
      { agencyId: 2, day: '2026-05-04', searches: 99, bookings: 9 },
      { agencyId: 222, day: '2026-05-02', searches: 500, bookings: 1 },
    ]);
    const res = await get<LookToBook>(
      'finance',
      '/base/v2/sub/look-to-book?agencyId=2&from=2026-05-01&to=2026-05-03',
    );
    expect(res.data?.days).toEqual([
      { day: '2026-05-01', searches: 40, bookings: 4, ratio: 10 },
      { day: '2026-05-02', searches: 0, bookings: 0, ratio: null },
      { day: '2026-05-03', searches: 7, bookings: 0, ratio: null },
    ]);
    expect(res.data?.totals).toEqual({ searches: 47, bookings: 4, ratio: 11.75 });
    expect(res.data?.settings).toMatchObject({
      searchMode: 'all',
      maxResponseTimeMs: 8000,
      serviceFees: { change: cny('0.00'), refund: cny('0.00'), void: cny('0.00') },
      disablePayment: false,
    });
    expect(
      (await get('finance', '/base/v2/sub/look-to-book?agencyId=222&from=2026-05-01&to=2026-05-03')).status,
    ).toBe(404);
    expect(
      (await get('operator', '/base/v2/sub/look-to-book?agencyId=2&from=2026-05-01&to=2026-05-03')).status,
    ).toBe(403);
  });
});
