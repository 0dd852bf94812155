import ExcelJS from 'exceljs';
import { eq, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WalletBalance, WalletStatement } from '@portal/domain/wallet';
import { agencies } from '../agencies/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { payFromBalance } from './pay-from-balance';
import { reimburse } from './reimburse';
import { topUp } from './top-up';
import { transfer } from './transfer';
import { rowsOf } from '../../platform/db/rows';
import { journalEntries } from './wallet.schema';
import { ledgerViolations } from './ledger.invariants';
import { moveEntries } from './wallet.test-helpers';

const t = useTestApp();

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });

/** Agency 1 keeps its books in `timeZone` (a company setting). */
async function zoneOfAgency1(timeZone: string): Promise<void> {
  await t.database.db.update(agencies).set({ timeZone }).where(eq(agencies.id, 1));
}

/** Agency 1's seeded entries (opening 55,000.00 less 5,000.00 to its branch) moved to 10 January 2026. */
async function openedInJanuary(): Promise<void> {
  await moveEntries(
    t.database.db,
    // Agency 1's own entries and its opening transfer to its branch (recorded under the branch).
    or(eq(journalEntries.agencyId, 1), eq(journalEntries.kind, 'transfer')),
    new Date('2026-01-10T08:00:00Z'),
  );
}

/**
 * Agency 1's wallet history, its months cut at UTC midnight: Jan opening 55,000.00 less 5,000.00
 * to its branch; Feb +1,000.00 -2,500.00; Mar +2,500.00 -300.00.
 */
async function history(): Promise<void> {
  const { db } = t.database;
  await zoneOfAgency1('UTC');
  await openedInJanuary();
  await db.transaction(async (tx) => {
    const at = (id: number, iso: string) => moveEntries(tx, eq(journalEntries.id, id), new Date(iso));
    const base = { agencyId: 1, currency: 'CNY' };
    await at(await topUp(tx, { ...base, amountMinor: 100_000, reference: 'FEB' }), '2026-02-05T00:00:00Z');
    const pay = await payFromBalance(tx, {
      ...base,
      amountMinor: 250_000,
      orderId: 'B-1',
      kind: 'origin-flight',
    });
    await at(pay, '2026-02-28T23:59:59Z');
    await at(await reimburse(tx, { ...base, amountMinor: 250_000, orderId: 'B-1' }), '2026-03-01T00:00:00Z');
    const second = await payFromBalance(tx, {
      ...base,
      amountMinor: 30_000,
      orderId: 'B-2',
      kind: 'origin-flight',
    });
    await at(second, '2026-03-10T12:00:00Z');
  });
}

const cny = (amount: string) => ({ amount, currency: 'CNY' });

describe('GET /base/v2/wallet/statements', () => {
  it('sums each month from the ledger: opening + in - out = closing, chained month to month', async () => {
    await history();
    const token = await login(t.app, 'finance');
    const res = await get(token, '/base/v2/wallet/statements?period=month&from=2025-12&to=2026-04');
    expect(res.statusCode).toBe(200);
    const list = WalletStatement.array().parse(body(res).data);
    // December 2025 and April 2026 had no movement: they are not listed.
    expect(list.map((s) => [s.period, s.opening.amount, s.closing.amount])).toEqual([
      ['2026-01', '0.00', '50000.00'],
      ['2026-02', '50000.00', '48500.00'],
      ['2026-03', '48500.00', '50700.00'],
    ]);
    expect(list[1]).toMatchObject({
      topUps: cny('1000.00'),
      orderPayments: cny('2500.00'),
      refunds: cny('0.00'),
      adjustments: cny('0.00'),
    });
    expect(list[2]).toMatchObject({
      topUps: cny('0.00'),
      orderPayments: cny('300.00'),
      refunds: cny('2500.00'),
    });
    for (const s of list) {
      const sum =
        Number(s.opening.amount) +
        Number(s.topUps.amount) -
        Number(s.orderPayments.amount) +
        Number(s.refunds.amount) +
        Number(s.adjustments.amount);
      expect(sum.toFixed(2)).toBe(s.closing.amount);
    }
    for (let i = 1; i < list.length; i++) expect(list[i]?.opening).toEqual(list[i - 1]?.closing);
    const [wallet] = WalletBalance.array().parse(body(await get(token, '/base/v2/wallet/balances')).data);
    expect(list.at(-1)?.closing).toEqual(wallet?.balance);
    const march = await get(token, '/base/v2/wallet/statements?from=2026-03&to=2026-03');
    expect(WalletStatement.array().parse(body(march).data)).toEqual([list[2]]);
  });

  it.each([
    ['Asia/Shanghai', '2026-11'],
    ['Europe/London', '2026-10'],
  ])(
    'cuts the months at midnight of the agency time zone %s, listing only months with movement',
    async (zone, month) => {
      await zoneOfAgency1(zone);
      await openedInJanuary();
      await t.database.db.transaction(async (tx) => {
        const entry = await topUp(tx, {
          agencyId: 1,
          currency: 'CNY',
          amountMinor: 100_000,
          reference: 'HALLOWEEN',
        });
        await moveEntries(tx, eq(journalEntries.id, entry), new Date('2026-10-31T17:00:00Z'));
      });
      const token = await login(t.app, 'finance');
      const res = await get(token, '/base/v2/wallet/statements?from=2026-09&to=2026-12');
      const list = WalletStatement.array().parse(body(res).data);
      expect(
        list.map((s) => [s.period, s.timeZone, s.opening.amount, s.topUps.amount, s.closing.amount]),
      ).toEqual([[month, zone, '50000.00', '1000.00', '51000.00']]);
    },
  );

  it('cuts the months at midnight of a time zone half an hour off UTC, within one UTC hour', async () => {
    await zoneOfAgency1('Asia/Kolkata');
    await openedInJanuary();
    // Midnight of 1 November in Kolkata (UTC+5:30) is 18:30 UTC: 18:20 is October, 18:40 November.
    await t.database.db.transaction(async (tx) => {
      const base = { agencyId: 1, currency: 'CNY' };
      const october = await topUp(tx, { ...base, amountMinor: 100_000, reference: 'OCT' });
      await moveEntries(tx, eq(journalEntries.id, october), new Date('2026-10-31T18:20:00Z'));
      const november = await topUp(tx, { ...base, amountMinor: 20_000, reference: 'NOV' });
      await moveEntries(tx, eq(journalEntries.id, november), new Date('2026-10-31T18:40:00Z'));
    });
    const token = await login(t.app, 'finance');
    const list = WalletStatement.array().parse(
      body(await get(token, '/base/v2/wallet/statements?from=2026-09&to=2026-12')).data,
    );
    expect(list.map((s) => [s.period, s.opening.amount, s.topUps.amount, s.closing.amount])).toEqual([
      ['2026-10', '50000.00', '1000.00', '51000.00'],
      ['2026-11', '51000.00', '200.00', '51200.00'],
    ]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('reads whole days and the hours at their edges alike: months of a zone 5:45 off UTC, equal to the postings', async () => {
    // Kathmandu (UTC+5:45): 1 September is 18:15 UTC on 31 August. Whole UTC days of a month come
    // from the daily sums, the days a month starts within from the hourly ones, the hour it starts
    // within from the postings; payments, refunds, top-ups and transfers write them as they post.
    await zoneOfAgency1('Asia/Kathmandu');
    await openedInJanuary();
    const { db } = t.database;
    const base = { agencyId: 1, currency: 'CNY' };
    const at = (iso: string) => new Date(iso);
    await db.transaction(async (tx) => {
      const sent = await transfer(tx, {
        fromAgencyId: 1,
        toAgencyId: 2,
        currency: 'CNY',
        amountMinor: 5_000,
        reference: 'KTM-AUG',
      });
      await moveEntries(tx, eq(journalEntries.id, sent), at('2026-08-31T10:00:00Z'));
    });
    await db.transaction(async (tx) => {
      const pay = (orderId: string, amountMinor: number, iso: string) =>
        payFromBalance(tx, { ...base, amountMinor, orderId, kind: 'origin-flight', postedAt: at(iso) });
      await topUp(tx, {
        ...base,
        amountMinor: 30_000,
        reference: 'KTM-JUL',
        postedAt: at('2026-07-31T18:10:00Z'),
      });
      await topUp(tx, {
        ...base,
        amountMinor: 40_000,
        reference: 'KTM-AUG',
        postedAt: at('2026-07-31T18:20:00Z'),
      });
      await pay('K-1', 10_000, '2026-08-15T12:00:00Z');
      await pay('K-2', 7_000, '2026-08-31T20:00:00Z');
      await reimburse(tx, {
        ...base,
        amountMinor: 7_000,
        orderId: 'K-2',
        postedAt: at('2026-09-10T00:00:00Z'),
      });
      await pay('K-3', 2_000, '2026-09-30T18:14:59Z');
      await pay('K-4', 3_000, '2026-09-30T18:15:00Z');
      await topUp(tx, {
        ...base,
        amountMinor: 1_000,
        reference: 'KTM-OCT',
        postedAt: at('2026-10-31T18:14:59.999Z'),
      });
      await pay('K-5', 500, '2026-10-31T18:15:00Z');
      // Now, after the months asked for: what the live path writes, checked by the invariants.
      await topUp(tx, { ...base, amountMinor: 100, reference: 'KTM-NOW' });
      await transfer(tx, {
        fromAgencyId: 1,
        toAgencyId: 2,
        currency: 'CNY',
        amountMinor: 200,
        reference: 'KTM-NOW',
      });
    });
    expect(await ledgerViolations(db)).toEqual([]);
    const token = await login(t.app, 'finance');
    const list = WalletStatement.array().parse(
      body(await get(token, '/base/v2/wallet/statements?from=2026-07&to=2026-10&currency=CNY')).data,
    );
    expect(
      list.map((s) => [
        s.period,
        s.opening.amount,
        s.topUps.amount,
        s.orderPayments.amount,
        s.refunds.amount,
        s.closing.amount,
      ]),
    ).toEqual([
      ['2026-07', '50000.00', '300.00', '0.00', '0.00', '50300.00'],
      ['2026-08', '50300.00', '350.00', '100.00', '0.00', '50550.00'],
      ['2026-09', '50550.00', '0.00', '90.00', '70.00', '50530.00'],
      ['2026-10', '50530.00', '10.00', '30.00', '0.00', '50510.00'],
    ]);
    // The same months summed from the postings themselves.
    const fromPostings = await rowsOf<{ month: string; moved: string }>(
      db,
      sql`
      select to_char(created_at at time zone 'Asia/Kathmandu', 'YYYY-MM') as month, sum(amount_minor)::text as moved
      from ledger_postings where agency_id = 1 and account_kind = 'agency_wallet' and currency = 'CNY'
        and created_at >= '2026-07-01T00:00:00+05:45' and created_at < '2026-11-01T00:00:00+05:45'
      group by 1 order by 1`,
    );
    expect(fromPostings.map((r) => [r.month, (Number(r.moved) / 100).toFixed(2)])).toEqual(
      list.map((s) => [s.period, (Number(s.closing.amount) - Number(s.opening.amount)).toFixed(2)]),
    );
  });

  it('refuses bad ranges and operators', async () => {
    const token = await login(t.app, 'finance');
    for (const q of [
      'from=2026-03&to=2026-02',
      'from=2026-13&to=2026-13',
      'from=2020-01&to=2026-01',
      'to=2026-01',
    ]) {
      expect((await get(token, `/base/v2/wallet/statements?${q}`)).statusCode).toBe(400);
    }
    const operator = await get(
      await login(t.app, 'operator'),
      '/base/v2/wallet/statements?from=2026-01&to=2026-01',
    );
    expect(operator.statusCode).toBe(403);
  });
});

describe('POST /base/v2/wallet/statements/export', () => {
  it('answers the statements as an .xlsx', async () => {
    await history();
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/wallet/statements/export',
      payload: { from: '2026-02', to: '2026-03' },
      headers: { ...bearer(await login(t.app, 'finance')), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="wallet-statements-/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Month (UTC)',
      'Currency',
      'Opening balance',
      'Top-ups',
      'Order payments',
      'Refunds and reimbursements',
      'Other adjustments',
      'Closing balance',
    ]);
    expect((sheet?.getRow(3).values as unknown[]).slice(1)).toEqual([
      '2026-03',
      'CNY',
      48500,
      0,
      300,
      2500,
      0,
      50700,
    ]);
  });
});
