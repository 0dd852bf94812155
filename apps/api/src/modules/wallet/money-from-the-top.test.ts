import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FlightOrder } from '@portal/domain/flight-order';
import { WalletBalance, WalletEntryList } from '@portal/domain/wallet';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { flightOrders } from '../flight-orders/index';
import { postEntry } from './ledger';
import { ledgerViolations } from './ledger.invariants';
import { ensureAccounts } from './ledger.repo';
import { reimburse } from './reimburse';
import { NotTopLevelError, topUp as fundTopLevel } from './top-up';
import { walletAccounts } from './wallet.repo';

/**
 * Money enters only at the top: a parent's top-up of its sub-agency is a transfer from the
 * parent's wallet, credit given to a sub-agency is lent by its parent, the same reference is never
 * credited twice to one agency, and each ancestor's markup on a sub-agency's booking is its income.
 */
const t = useTestApp();

const TOP_UP = { currency: 'CNY', amount: '100.00', exchangeRate: '1', referenceNumber: 'BANK-1' };

const send = (method: 'POST' | 'PUT', token: string, url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': 'en' } });
const topUp = (token: string, payload: object = TOP_UP) =>
  send('POST', token, '/base/v2/agencies/2/balance', payload);
const credit = (token: string, amount: string) =>
  send('PUT', token, '/base/v2/agencies/2/credit', { credit: amount });

/** The agency's CNY wallet: balance, credit limit and credit lent, in minor units. */
async function wallet(agencyId: number): Promise<[number, number, number]> {
  const account = (await walletAccounts(t.database.db, agencyId)).find((a) => a.currency === 'CNY');
  return [account?.balanceMinor ?? 0, account?.creditLimitMinor ?? 0, account?.creditLentMinor ?? 0];
}

describe("a parent's top-up of its sub-agency", () => {
  it("moves the money from the parent's wallet, and both agencies list the entry", async () => {
    const token = await login(t.app, 'finance');
    const [parentBefore] = await wallet(1);
    const [subBefore] = await wallet(2);
    const res = await topUp(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await wallet(1)).toEqual([parentBefore - 10_000, 1_000_000, 0]);
    expect((await wallet(2))[0]).toBe(subBefore + 10_000);

    const own = await t.app.inject({ url: '/base/v2/wallet/entries?type=top-up', headers: bearer(token) });
    const [out] = WalletEntryList.parse(body(own).data).list;
    expect(out).toMatchObject({
      kind: 'transfer',
      paymentType: 'top-up',
      amountPaid: { amount: '-100.00', currency: 'CNY' },
      paymentReference: 'BANK-1',
      counterparty: 'TripBridge East Branch',
    });
    const sub = await t.app.inject({ url: '/base/v2/sub/bills/2/entries', headers: bearer(token) });
    const [received] = WalletEntryList.parse(body(sub).data).list;
    expect(received).toMatchObject({
      kind: 'transfer',
      amountPaid: { amount: '100.00', currency: 'CNY' },
      counterparty: 'TripBridge Travel Group',
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it("is refused when the parent's available amount does not cover it, and in a currency it has no wallet in", async () => {
    const token = await login(t.app, 'finance');
    // Agency 1: 50,000.00 and a credit line of 10,000.00.
    const before = [await wallet(1), await wallet(2)];
    const over = await topUp(token, { ...TOP_UP, amount: '60000.01' });
    expect([over.statusCode, body(over).code]).toEqual([402, 600001]);
    const usd = await topUp(token, { ...TOP_UP, currency: 'USD', amount: '0.01' });
    expect([usd.statusCode, body(usd).code]).toEqual([402, 600001]);
    expect([await wallet(1), await wallet(2)]).toEqual(before);
    const all = await topUp(token, { ...TOP_UP, amount: '60000.00' });
    expect(all.statusCode, all.body).toBe(200);
    expect((await wallet(1))[0]).toBe(-1_000_000);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses the same reference credited twice to one agency with 409 naming the earlier entry', async () => {
    const token = await login(t.app, 'finance');
    const first = await topUp(token, { ...TOP_UP, referenceNumber: 'BANK-TWICE' });
    expect(first.statusCode).toBe(200);
    const entryId = body<{ entryId: string }>(first).data.entryId;
    const [balance] = await wallet(2);
    const again = await topUp(token, { ...TOP_UP, referenceNumber: 'BANK-TWICE', amount: '5.00' });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ code: 600011, data: { reference: 'BANK-TWICE', entryId } });
    expect(body(again).message).toContain(entryId);
    expect((await wallet(2))[0]).toBe(balance);
    // The unique index holds even for a writer that skips the check.
    const direct = t.database.db.transaction(async (tx) => {
      const accounts = await ensureAccounts(tx, 1, 'CNY');
      await postEntry(tx, {
        agencyId: 1,
        kind: 'top-up',
        reference: 'DEMO-OPENING-1',
        postings: [
          { accountId: accounts.platform_cash, amountMinor: -1, currency: 'CNY' },
          { accountId: accounts.agency_wallet, amountMinor: 1, currency: 'CNY' },
        ],
      });
    });
    await expect(direct).rejects.toMatchObject({ errorName: 'DUPLICATE_REFERENCE' });
  });

  it("funds only top-level agencies from the platform's cash", async () => {
    const fund = (agencyId: number) =>
      t.database.db.transaction((tx) =>
        fundTopLevel(tx, { agencyId, currency: 'CNY', amountMinor: 100, reference: `PLATFORM-${agencyId}` }),
      );
    await expect(fund(2)).rejects.toBeInstanceOf(NotTopLevelError);
    await fund(3);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe('credit lent down', () => {
  it("needs the parent's available amount and reduces it by the credit lent", async () => {
    const token = await login(t.app, 'finance');
    const over = await credit(token, '60000.01');
    expect([over.statusCode, body(over).code]).toEqual([402, 600001]);
    expect(await wallet(2)).toEqual([500_000, 0, 0]);
    expect((await credit(token, '20000.00')).statusCode).toBe(200);
    expect(await wallet(1)).toEqual([5_000_000, 1_000_000, 2_000_000]);
    const balances = await t.app.inject({ url: '/base/v2/wallet/balances', headers: bearer(token) });
    const [cny] = WalletBalance.array().parse(body(balances).data);
    expect(cny?.available).toEqual({ amount: '40000.00', currency: 'CNY' });
    // What is lent cannot be sent as well.
    expect((await topUp(token, { ...TOP_UP, amount: '40000.01' })).statusCode).toBe(402);
    expect((await credit(token, '5000.00')).statusCode).toBe(200);
    expect(await wallet(1)).toEqual([5_000_000, 1_000_000, 500_000]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe("markups on a sub-agency's booking", () => {
  it('credit the parent its share when the order is paid and take it back when the money returns', async () => {
    // Agency 2's price adds 5.00 CNY per fare on mainland China flights over agency 1's price.
    const sub = await login(t.app, 'subop');
    const order: FlightOrder = await bookOne(t.app, sub);
    const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, order.id));
    expect(row?.markupLegs).toEqual([{ agencyId: 1, amountMinor: 500 }]);
    const [parentBefore] = await wallet(1);
    const [subBefore] = await wallet(2);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: bearer(sub),
      payload: { channel: 'balance' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const total = row?.orderTotalMinor ?? 0;
    expect((await wallet(2))[0]).toBe(subBefore - total);
    expect((await wallet(1))[0]).toBe(parentBefore + 500);
    expect(await ledgerViolations(t.database.db)).toEqual([]);

    // Two partial returns, then the rest: the parent gives back exactly what it earned.
    const back = (amountMinor: number, n: number) =>
      t.database.db.transaction((tx) =>
        reimburse(tx, {
          agencyId: 2,
          currency: 'CNY',
          amountMinor,
          orderId: `${order.id}/back-${n}`,
          unwinds: order.id,
        }),
      );
    const third = Math.floor(total / 3);
    await back(third, 1);
    await back(third, 2);
    expect((await wallet(1))[0]).toBe(parentBefore + 500 - Math.trunc((500 * 2 * third) / total));
    await back(total - 2 * third, 3);
    expect((await wallet(1))[0]).toBe(parentBefore);
    expect((await wallet(2))[0]).toBe(subBefore);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
