import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencies } from '../agencies/index';
import { users } from '../users/index';
import { idempotencyKeys } from '../../platform/idempotency.schema';
import { bearer, body, login, useTestApp } from '../../test/app';
import { postEntry } from './ledger';
import { topUp as fundTopLevel } from './top-up';
import { ledgerViolations } from './ledger.invariants';
import { ensureAccounts } from './ledger.repo';
import { walletAccounts } from './wallet.repo';
import { journalEntries } from './wallet.schema';

/**
 * Who may fund whom: an agency never tops up or sets the credit of itself; only the parent's
 * SuperUser or finance user does, for its direct sub-agencies. And how much: amounts and
 * balances have a documented maximum, refused with a 400 before anything is written.
 */
const t = useTestApp();

const TOP_UP = { currency: 'CNY', amount: '1000000.00', exchangeRate: '1', referenceNumber: 'FUND-1' };
const CREDIT = { credit: '9999999.00' };

const send = (method: 'POST' | 'PUT', token: string, url: string, payload: object, key?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(token), 'accept-language': 'en', ...(key ? { 'idempotency-key': key } : {}) },
  });
const topUp = (token: string, agencyId: number, payload: object = TOP_UP, key?: string) =>
  send('POST', token, `/base/v2/agencies/${agencyId}/balance`, payload, key);
const credit = (token: string, agencyId: number, payload: object = CREDIT) =>
  send('PUT', token, `/base/v2/agencies/${agencyId}/credit`, payload);

/** The agency's CNY wallet: balance and credit limit in minor units. */
async function wallet(agencyId: number): Promise<[number, number]> {
  const account = (await walletAccounts(t.database.db, agencyId)).find((a) => a.currency === 'CNY');
  return [account?.balanceMinor ?? 0, account?.creditLimitMinor ?? 0];
}

/** Journal entries of an agency written by a user (the seeded ones have no author). */
async function entriesOf(agencyId: number) {
  const rows = await t.database.db.select().from(journalEntries).where(eq(journalEntries.agencyId, agencyId));
  return rows.filter((r) => r.createdBy !== null);
}

async function addUser(username: string, agencyId: number, roles: string[]): Promise<string> {
  const [finance] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
  await t.database.db
    .insert(users)
    .values({ username, agencyId, roles, passwordHash: finance?.passwordHash ?? '' });
  return login(t.app, username);
}

let funded = 0;

/** The platform funds top-level agency `agencyId` with `amountMinor` CNY (a bank reference each time). */
async function fund(agencyId: number, amountMinor: number): Promise<void> {
  funded += 1;
  await t.database.db.transaction((tx) =>
    fundTopLevel(tx, { agencyId, currency: 'CNY', amountMinor, reference: `BANK-${funded}` }),
  );
}

/**
 * Fills sub-agency 2's CNY wallet to `balanceMinor` the way money enters: the platform funds its
 * parent 1 and agency 1 transfers it down, straight through the ledger in steps each wallet holds.
 */
async function fill(agencyId: number, balanceMinor: number): Promise<void> {
  const step = 40_000_000_000_000;
  for (let [current] = await wallet(agencyId); current < balanceMinor; [current] = await wallet(agencyId)) {
    const amountMinor = Math.min(step, balanceMinor - current);
    await t.database.db.transaction(async (tx) => {
      const parent = await ensureAccounts(tx, 1, 'CNY');
      const child = await ensureAccounts(tx, agencyId, 'CNY');
      funded += 1;
      await postEntry(tx, {
        agencyId: 1,
        kind: 'top-up',
        reference: `FILL-${funded}`,
        postings: [
          { accountId: parent.platform_cash, amountMinor: -amountMinor, currency: 'CNY' },
          { accountId: parent.agency_wallet, amountMinor, currency: 'CNY' },
        ],
      });
      await postEntry(tx, {
        agencyId,
        kind: 'transfer',
        reference: `FILL-${funded}`,
        meta: { fromAgencyId: 1, toAgencyId: agencyId },
        postings: [
          { accountId: parent.agency_wallet, amountMinor: -amountMinor, currency: 'CNY' },
          { accountId: child.agency_wallet, amountMinor, currency: 'CNY' },
        ],
      });
    });
  }
}

/** Agency 4, a sub-agency of the sub-agency 2: agency 1's grandchild. */
async function addGrandchild(): Promise<void> {
  const [parent] = await t.database.db.select().from(agencies).where(eq(agencies.id, 2));
  if (!parent) throw new Error('no agency 2');
  await t.database.db.insert(agencies).values({
    id: 4,
    name: 'TripBridge East Branch Desk',
    proxyLevel: 2,
    parentId: 2,
    commonConfig: parent.commonConfig,
  });
}

describe('who funds an agency wallet', () => {
  it('refuses an agency funding itself or setting its own credit, for finance and SuperUser alike', async () => {
    const before = await wallet(1);
    for (const username of ['finance', 'admin']) {
      const token = await login(t.app, username);
      for (const res of [await topUp(token, 1), await credit(token, 1)]) {
        expect(res.statusCode).toBe(403);
        expect(body(res)).toMatchObject({ code: 100003, message: 'You do not have the access' });
      }
    }
    expect(await wallet(1)).toEqual(before);
    expect(await entriesOf(1)).toEqual([]);
    expect(await t.database.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it("lets the parent's finance user and SuperUser fund and set the credit of its direct sub-agency", async () => {
    const [east] = await t.database.db.select().from(agencies).where(eq(agencies.id, 2));
    expect(east).toMatchObject({ name: 'TripBridge East Branch', parentId: 1 });
    await fund(1, 2_000_000_000);
    const [balance] = await wallet(2);
    for (const [username, reference] of [
      ['finance', 'FUND-F'],
      ['admin', 'FUND-A'],
    ] as const) {
      const token = await login(t.app, username);
      const res = await topUp(token, 2, { ...TOP_UP, referenceNumber: reference });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ code: 0, data: { agencyId: 2 } });
      expect((await credit(token, 2)).statusCode).toBe(200);
    }
    expect(await wallet(2)).toEqual([balance + 2 * 100_000_000, 999_999_900]);
    expect((await entriesOf(2)).map((e) => e.kind).sort()).toEqual([
      'credit-adjustment',
      'credit-adjustment',
      'transfer',
      'transfer',
    ]);
  });

  it("refuses a grandchild, another tenant's agency and an unknown one with 404", async () => {
    await addGrandchild();
    const token = await login(t.app, 'finance');
    for (const id of [4, 222, 3, 999_999]) {
      for (const res of [await topUp(token, id), await credit(token, id)]) {
        expect([id, res.statusCode, body(res).code]).toEqual([id, 404, 100004]);
      }
    }
    expect(await entriesOf(4)).toEqual([]);
    expect(await entriesOf(222)).toEqual([]);
  });

  it('refuses the sub-agency funding its own sub-agency and other tenants funding agency 1 or its branch', async () => {
    await addGrandchild();
    await t.database.db
      .update(agencies)
      .set({
        commonConfig: {
          enableFlightService: true,
          enableTrainService: true,
          isShowBill: true,
          canCreateSubAgency: true,
          settlementCurrency: 'CNY',
        },
      })
      .where(eq(agencies.id, 222));
    const partnerFinance = await addUser('partnerfin', 222, ['finance']);
    const eastAdmin = await addUser('eastadmin', 2, ['SuperUser']);
    for (const [token, id, status] of [
      [partnerFinance, 1, 404],
      [partnerFinance, 2, 404],
      [eastAdmin, 4, 403],
      [eastAdmin, 2, 403],
      [await login(t.app, 'operator'), 2, 403],
    ] as const) {
      for (const res of [await topUp(token, id), await credit(token, id)]) {
        expect([id, res.statusCode]).toEqual([id, status]);
      }
    }
    for (const id of [1, 2, 4]) expect(await entriesOf(id)).toEqual([]);
  });
});

describe('amount maximums', () => {
  it('refuses two top-ups of 90000000000000.00 with a 400 naming the maximum, writing nothing', async () => {
    const token = await login(t.app, 'finance');
    const before = await wallet(2);
    for (const key of ['huge-1', 'huge-2']) {
      const res = await topUp(token, 2, { ...TOP_UP, amount: '90000000000000.00' }, key);
      expect(res.statusCode).toBe(400);
      const answer = body<{ field: string; max: string }>(res);
      expect(answer).toMatchObject({ code: 600009, data: { field: 'amount', max: '10000000000' } });
      expect(answer.message).toContain('10,000,000,000');
    }
    expect(await wallet(2)).toEqual(before);
    expect(await entriesOf(2)).toEqual([]);
    expect(await t.database.db.select().from(idempotencyKeys)).toEqual([]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('names the maximum in the caller language', async () => {
    const token = await login(t.app, 'finance');
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/agencies/2/balance',
      payload: { ...TOP_UP, amount: '10000000000.01' },
      headers: { ...bearer(token), 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('10,000,000,000');
    expect(body(res).message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('takes a top-up of exactly the maximum, refuses one minor unit more and a huge amount received', async () => {
    await fund(1, 1_000_000_000_000);
    const token = await login(t.app, 'finance');
    expect((await topUp(token, 2, { ...TOP_UP, amount: '10000000000.01' })).statusCode).toBe(400);
    const received = await topUp(token, 2, { ...TOP_UP, amountReceived: '99999999999999999999' });
    expect(body(received)).toMatchObject({ code: 600009, data: { field: 'amountReceived' } });
    const res = await topUp(token, 2, { ...TOP_UP, amount: '10000000000.00' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ data: { wallet: { balance: { amount: '10000005000.00' } } } });
  });

  it('refuses an amount above what was received less the fee (all of it at 100 %), writing nothing', async () => {
    const token = await login(t.app, 'finance');
    const before = await wallet(2);
    const received = { ...TOP_UP, amountReceived: '100.00', exchangeRate: '1' };
    for (const [amount, transactionFeePercent] of [
      ['100.00', 100],
      ['90.01', 10],
    ] as const) {
      const res = await topUp(token, 2, { ...received, amount, transactionFeePercent });
      expect([res.statusCode, body(res).code], res.body).toEqual([400, 100001]);
      expect(body(res).data).toMatchObject({ errors: [{ path: 'amount' }] });
    }
    expect(await wallet(2)).toEqual(before);
    // Edited down, or exactly what is left after the fee: credited.
    const res = await topUp(token, 2, { ...received, amount: '90.00', transactionFeePercent: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await wallet(2))[0]).toBe(before[0] + 9000);
  });

  it('refuses a credit limit above the maximum, in a zero-digit currency too', async () => {
    const token = await login(t.app, 'finance');
    const before = await wallet(2);
    for (const payload of [{ credit: '10000000000.01' }, { credit: '90000000000000', currency: 'JPY' }]) {
      const res = await credit(token, 2, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 600009, data: { field: 'credit' } });
    }
    expect(await wallet(2)).toEqual(before);
    expect(await entriesOf(2)).toEqual([]);
    await fund(1, 1_000_000_000_000);
    expect((await credit(token, 2, { credit: '10000000000.00' })).statusCode).toBe(200);
  });

  it('refuses a top-up that would take the wallet balance above its maximum, in the ledger transaction', async () => {
    // The wallet of agency 2 holds 50.00 less than the 1,000,000,000,000.00 maximum.
    await fill(2, 100_000_000_000_000 - 5_000);
    const token = await login(t.app, 'finance');
    const before = await wallet(2);
    const over = await topUp(token, 2, { ...TOP_UP, amount: '50.01', referenceNumber: 'OVER' });
    expect(over.statusCode).toBe(400);
    const answer = body<{ currency: string; max: string }>(over);
    expect(answer).toMatchObject({ code: 600010, data: { currency: 'CNY', max: '1000000000000' } });
    expect(answer.message).toContain('1,000,000,000,000');
    expect(await wallet(2)).toEqual(before);
    expect((await entriesOf(2)).filter((e) => e.reference === 'OVER')).toEqual([]);
    const rest = await topUp(token, 2, { ...TOP_UP, amount: '50.00', referenceNumber: 'REST' });
    expect(rest.statusCode).toBe(200);
    expect(await wallet(2)).toEqual([100_000_000_000_000, 0]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
