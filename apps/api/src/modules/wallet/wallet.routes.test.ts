import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { journalEntries, ledgerPostings } from './wallet.schema';
import { TransactionList, WalletBalance, WalletEntryList, type WalletChange } from '@portal/domain/wallet';
import { payFromBalance } from './pay-from-balance';
import { reimburse } from './reimburse';
import { ledgerViolations } from './ledger.invariants';
import { walletAccounts } from './wallet.repo';
import { setAgencyTimeZone, setCommonConfig } from '../../test/agency-config';
import { DEFAULT_AGENCY_TIME_ZONE } from '@portal/domain/time-zone';
import { localDate } from '../../platform/time-zones';

const t = useTestApp();

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', token: string, url: string, payload: object, key?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });

const TOP_UP = {
  currency: 'CNY',
  amount: '1000.50',
  exchangeRate: '1',
  referenceNumber: 'BANK-1',
  transactionFeePercent: 1.5,
};

/** A finance user of the sub-agency 2 (isShowBill false unless `showBill`). */
async function subFinance(showBill = false): Promise<string> {
  if (showBill) {
    await setCommonConfig(t.database.db, 2, { isShowBill: true });
  }
  const [finance] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
  if (!finance) throw new Error('no finance user');
  await t.database.db
    .insert(users)
    .values({ username: 'subfinance', agencyId: 2, roles: ['finance'], passwordHash: finance.passwordHash });
  return login(t.app, 'subfinance');
}

describe('GET /base/v2/wallet/balances', () => {
  it('starts from the seeded wallets: the platform funds the top level, the parent its branch', async () => {
    const { db } = t.database;
    const seeded = await db.select().from(journalEntries).where(eq(journalEntries.kind, 'top-up'));
    expect(seeded.map((e) => e.agencyId).sort((a, b) => a - b)).toEqual([1, 3, 222]);
    const transfers = await db.select().from(journalEntries).where(eq(journalEntries.kind, 'transfer'));
    expect(transfers.map((e) => [e.agencyId, e.meta.fromAgencyId])).toEqual([[2, 1]]);
    expect(await ledgerViolations(db)).toEqual([]);
    const balances = await Promise.all([1, 2, 3, 222].map(async (id) => (await walletAccounts(db, id))[0]));
    expect(balances.map((w) => [w?.balanceMinor, w?.creditLimitMinor])).toEqual([
      [5_000_000, 1_000_000],
      [500_000, 0],
      [1_000_000, 0],
      [2_000_000, 0],
    ]);
  });

  it('shows balance, credit limit and available amount of the seeded wallet', async () => {
    const res = await get(await login(t.app, 'finance'), '/base/v2/wallet/balances');
    expect(res.statusCode).toBe(200);
    const [cny] = WalletBalance.array().parse(body(res).data);
    expect(cny).toMatchObject({
      currency: 'CNY',
      balance: { amount: '50000.00', currency: 'CNY' },
      creditLimit: { amount: '10000.00', currency: 'CNY' },
      available: { amount: '60000.00', currency: 'CNY' },
    });
  });

  it('refuses an operator and the finance user of a sub-agency without isShowBill', async () => {
    for (const token of [await login(t.app, 'operator'), await subFinance()]) {
      for (const path of ['balances', 'entries', 'transactions']) {
        const res = await get(token, `/base/v2/wallet/${path}`);
        expect(res.statusCode).toBe(403);
        expect(body(res).code).toBe(100003);
      }
    }
  });
});

describe('GET /base/v2/wallet/payment-balances', () => {
  it("gives whoever pays orders the own agency's balances, and a finance user nothing more", async () => {
    const operator = await get(await login(t.app, 'operator'), '/base/v2/wallet/payment-balances');
    expect(operator.statusCode).toBe(200);
    expect(WalletBalance.array().parse(body(operator).data)[0]).toMatchObject({
      currency: 'CNY',
      balance: { amount: '50000.00', currency: 'CNY' },
      available: { amount: '60000.00', currency: 'CNY' },
    });
    const sub = await get(await login(t.app, 'subop'), '/base/v2/wallet/payment-balances');
    expect(WalletBalance.array().parse(body(sub).data)[0]?.balance.amount).toBe('5000.00');
    const finance = await get(await login(t.app, 'finance'), '/base/v2/wallet/payment-balances');
    expect(finance.statusCode).toBe(403);
  });
});

describe('POST /base/v2/agencies/:id/balance', () => {
  it('lets a top-level finance user top up its sub-agency, not an unrelated agency', async () => {
    const token = await login(t.app, 'finance');
    const res = await send('POST', token, '/base/v2/agencies/2/balance', TOP_UP);
    expect(res.statusCode).toBe(200);
    expect(body<WalletChange>(res).data.wallet.balance).toEqual({ amount: '6000.50', currency: 'CNY' });
    const other = await send('POST', token, '/base/v2/agencies/222/balance', TOP_UP);
    expect(other.statusCode).toBe(404);
  });

  it('refuses operators and agencies that do not manage sub-agencies', async () => {
    expect(
      (await send('POST', await login(t.app, 'operator'), '/base/v2/agencies/1/balance', TOP_UP)).statusCode,
    ).toBe(403);
    expect((await send('POST', await subFinance(), '/base/v2/agencies/2/balance', TOP_UP)).statusCode).toBe(
      403,
    );
  });

  it('requires currency, amount, rate and reference and refuses too many decimals', async () => {
    const token = await login(t.app, 'admin');
    for (const field of ['currency', 'amount', 'exchangeRate', 'referenceNumber'] as const) {
      const partial = Object.fromEntries(Object.entries(TOP_UP).filter(([name]) => name !== field));
      const res = await send('POST', token, '/base/v2/agencies/2/balance', partial);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 100001, data: { errors: [{ path: field }] } });
    }
    expect(
      (await send('POST', token, '/base/v2/agencies/2/balance', { ...TOP_UP, amount: '1.001' })).statusCode,
    ).toBe(400);
    for (const id of ['0', 'x', '99999999999']) {
      const res = await send('POST', token, `/base/v2/agencies/${id}/balance`, TOP_UP);
      expect([id, res.statusCode, body(res).code]).toEqual([id, 400, 100001]);
    }
  });

  it('replays the same key and body once, and refuses the same key with another body', async () => {
    const token = await login(t.app, 'finance');
    const first = await send('POST', token, '/base/v2/agencies/2/balance', TOP_UP, 'key-1');
    const again = await send('POST', token, '/base/v2/agencies/2/balance', { ...TOP_UP }, 'key-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const entries = await t.database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, 'BANK-1'));
    expect(entries).toHaveLength(1);
    const conflict = await send(
      'POST',
      token,
      '/base/v2/agencies/2/balance',
      { ...TOP_UP, amount: '2' },
      'key-1',
    );
    expect(conflict.statusCode).toBe(409);
    expect(body(conflict)).toMatchObject({ code: 100007, data: { reason: 'different_request' } });
  });
});

describe('PUT /base/v2/agencies/:id/credit', () => {
  it('sets the credit limit of a sub-agency and refuses a limit below the credit in use', async () => {
    const token = await login(t.app, 'admin');
    const res = await send('PUT', token, '/base/v2/agencies/2/credit', { credit: '300' });
    expect(body<WalletChange>(res).data.wallet.available).toEqual({
      amount: '5300.00',
      currency: 'CNY',
    });
    expect((await send('PUT', token, '/base/v2/agencies/222/credit', { credit: '1' })).statusCode).toBe(404);
    expect((await send('PUT', token, '/base/v2/agencies/2/credit', {})).statusCode).toBe(400);
  });
});

describe('wallet entries and transactions', () => {
  const entries = async (token: string, query = '') =>
    WalletEntryList.parse(body(await get(token, `/base/v2/wallet/entries${query}`)).data);
  const transactions = async (token: string, query = '') =>
    TransactionList.parse(body(await get(token, `/base/v2/wallet/transactions${query}`)).data);

  /** Three top-ups of the sub-agency 2 by its parent's finance user, a payment and its reimbursement; the token of agency 2's finance user. */
  async function withHistory(): Promise<string> {
    const parent = await login(t.app, 'finance');
    for (let i = 1; i <= 3; i++) {
      const res = await send('POST', parent, '/base/v2/agencies/2/balance', {
        ...TOP_UP,
        referenceNumber: `R-${i}`,
      });
      expect(res.statusCode).toBe(200);
    }
    await t.database.db.transaction(async (tx) => {
      await payFromBalance(tx, {
        agencyId: 2,
        currency: 'CNY',
        amountMinor: 250_000,
        orderId: 'B-1',
        kind: 'origin-flight',
      });
      await reimburse(tx, { agencyId: 2, currency: 'CNY', amountMinor: 250_000, orderId: 'B-1' });
    });
    return subFinance(true);
  }

  it('lists wallet entries newest first with paging, type, order and date filters', async () => {
    const token = await withHistory();
    const page = await entries(token, '?pageSize=2&page=2');
    expect(page).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(page.list.map((e) => e.paymentReference)).toEqual(['R-3', 'R-2']);
    expect(page.list[0]).toMatchObject({
      paymentType: 'top-up',
      amountPaid: { amount: '1000.50', currency: 'CNY' },
    });
    const oldest = await entries(token, '?sort=paymentTime&pageSize=1');
    expect(oldest.list[0]?.paymentReference).toBe('DEMO-OPENING-2');
    const order = await entries(token, '?orderId=B-1');
    expect(order.list.map((e) => [e.paymentType, e.amountPaid.amount])).toEqual([
      ['refund-flight', '2500.00'],
      ['origin-flight', '-2500.00'],
    ]);
    expect((await entries(token, '?type=origin-flight')).total).toBe(1);
    expect((await entries(token, '?type=void-flight')).total).toBe(0);
    expect((await entries(token, '?dateFrom=2199-12-31')).total).toBe(0);
    const today = localDate(new Date(), DEFAULT_AGENCY_TIME_ZONE);
    expect((await entries(token, `?dateFrom=${today}&dateTo=${today}`)).total).toBe(6);
    expect((await get(token, '/base/v2/wallet/entries?type=nonsense')).statusCode).toBe(400);
    expect((await get(token, '/base/v2/wallet/entries?pageSize=101')).statusCode).toBe(400);
  });

  it("filters by the reader's calendar days: the agency's own, and a parent's for a sub-agency's bills", async () => {
    const token = await withHistory();
    // The top-up R-1 at 23:30 UTC on 30 November: 07:30 on 1 December in Shanghai (agency 2's zone).
    const { db } = t.database;
    const [entry] = await db
      .update(journalEntries)
      .set({ createdAt: new Date('2025-11-30T23:30:00Z') })
      .where(and(eq(journalEntries.agencyId, 2), eq(journalEntries.reference, 'R-1')))
      .returning();
    if (!entry) throw new Error('no top-up R-1');
    await db
      .update(ledgerPostings)
      .set({ createdAt: entry.createdAt })
      .where(eq(ledgerPostings.entryId, entry.id));
    const references = async (reader: string, url: string, from: string, to = from) => {
      const res = await get(reader, `${url}?dateFrom=${from}&dateTo=${to}`);
      expect(res.statusCode, res.body).toBe(200);
      return WalletEntryList.parse(body(res).data).list.map((e) => e.paymentReference);
    };
    expect(await references(token, '/base/v2/wallet/entries', '2025-12-01')).toEqual(['R-1']);
    expect(await references(token, '/base/v2/wallet/entries', '2025-11-30')).toEqual([]);
    expect(await references(token, '/base/v2/wallet/entries', '2025-11-01', '2025-11-30')).toEqual([]);
    const rows = async (from: string) =>
      TransactionList.parse(
        body(await get(token, `/base/v2/wallet/transactions?dateFrom=${from}&dateTo=${from}`)).data,
      ).list.length;
    expect(await rows('2025-12-01')).toBeGreaterThan(0);
    expect(await rows('2025-11-30')).toBe(0);
    // The parent, in UTC, reads agency 2's bills on its own calendar (its screen, its days).
    await setAgencyTimeZone(db, 1, 'UTC');
    const parent = await login(t.app, 'finance');
    expect(await references(parent, '/base/v2/sub/bills/2/entries', '2025-11-30')).toEqual(['R-1']);
    expect(await references(parent, '/base/v2/sub/bills/2/entries', '2025-12-01')).toEqual([]);
  });

  it('lists transaction rows with the handling fee and the payment method filter', async () => {
    const token = await withHistory();
    const rows = await transactions(token, '?pageSize=1&page=3');
    expect(rows.total).toBe(6);
    expect(rows.list[0]).toMatchObject({
      referenceId: 'R-3',
      paymentMethod: 'balance',
      amount: { amount: '1000.50', currency: 'CNY' },
      handlingFee: { amount: '15.01', currency: 'CNY' },
      totalAmountPaid: { amount: '1015.51', currency: 'CNY' },
    });
    expect((await transactions(token, '?paymentMethod=balance')).total).toBe(6);
    expect((await transactions(token, '?paymentMethod=stripe')).total).toBe(0);
    expect((await transactions(token, '?orderId=B-1')).list[0]?.originalOrderId).toBe('B-1');
  });

  it('never shows another agency rows', async () => {
    await withHistory();
    const [finance] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
    await t.database.db.insert(users).values({
      username: 'partnerfin',
      agencyId: 222,
      roles: ['finance'],
      passwordHash: finance?.passwordHash ?? '',
    });
    const token = await login(t.app, 'partnerfin');
    const list = await entries(token);
    expect(list.list.map((e) => e.paymentReference)).toEqual(['DEMO-OPENING-222']);
    expect((await entries(token, '?orderId=B-1')).total).toBe(0);
    expect((await transactions(token)).total).toBe(1);
  });
});

describe('dates out of range', () => {
  it('refuses list and export dates outside 1900-01-01..2199-12-31 with a 400 naming the field', async () => {
    const token = await login(t.app, 'finance');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    const answers = [
      ['dateTo', await get(token, '/base/v2/wallet/entries?dateTo=9999-12-31')],
      ['dateFrom', await get(token, '/base/v2/wallet/transactions?dateFrom=1899-12-31')],
      ['dateTo', await get(token, '/base/v2/wallet/entries?dateTo=2026-02-30')],
      ['dateTo', await post('/base/v2/wallet/entries/export', { dateTo: '9999-12-31' })],
      ['dateFrom', await post('/base/v2/wallet/transactions/export', { dateFrom: '9999-12-31' })],
    ] as const;
    for (const [field, res] of answers) {
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 100001, data: { errors: [{ path: field }] } });
    }
    expect(
      (await get(token, '/base/v2/wallet/entries?dateFrom=1900-01-01&dateTo=2199-12-31')).statusCode,
    ).toBe(200);
  });

  it('refuses statement months outside 1900-01..2199-12 with a 400', async () => {
    const token = await login(t.app, 'finance');
    for (const query of ['from=9999-01&to=9999-01', 'from=2199-12&to=2200-01', 'from=1899-12&to=1900-01']) {
      const res = await get(token, `/base/v2/wallet/statements?${query}`);
      expect([query, res.statusCode, body(res).code]).toEqual([query, 400, 100001]);
    }
    const exported = await t.app.inject({
      method: 'POST',
      url: '/base/v2/wallet/statements/export',
      payload: { from: '9999-01', to: '9999-01' },
      headers: bearer(token),
    });
    expect(exported.statusCode).toBe(400);
    expect((await get(token, '/base/v2/wallet/statements?from=2199-01&to=2199-12')).statusCode).toBe(200);
  });
});
