import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../../test/app';
import { ledgerViolations } from '../wallet/index';
import { payFromBalance } from '../wallet/index';
import { postEntry } from '../wallet/index';
import { ensureAccounts } from '../wallet/index';
import { reimburse } from '../wallet/index';
import { topUp } from '../wallet/index';

/** Ledger invariants with a parent funding its sub-agency: top-ups and credit limits. */
const t = useTestApp();

describe('ledger invariants with sub-agency money', () => {
  it('hold after top-ups, credit changes in two currencies, payments and reimbursements of a sub-agency', async () => {
    const token = await login(t.app, 'finance');
    const send = (method: 'POST' | 'PUT', url: string, payload: object, key: string) =>
      t.app.inject({ method, url, payload, headers: { ...bearer(token), 'idempotency-key': key } });
    const topUpBody = { currency: 'CNY', amount: '10.00', exchangeRate: '1', referenceNumber: 'INV-1' };
    const usd = { ...topUpBody, currency: 'USD', referenceNumber: 'INV-USD' };
    // The platform funds agency 1 in USD: a parent sends only what its own wallet holds.
    await t.database.db.transaction((tx) =>
      topUp(tx, { agencyId: 1, currency: 'USD', amountMinor: 10_000, reference: 'INV-BANK-USD' }),
    );
    const calls: [number, Awaited<ReturnType<typeof send>>][] = [
      [1, await send('POST', '/base/v2/agencies/2/balance', topUpBody, 'inv-1')],
      [2, await send('PUT', '/base/v2/agencies/2/credit', { credit: '500.00' }, 'inv-2')],
      [3, await send('PUT', '/base/v2/agencies/2/credit', { credit: '100.00' }, 'inv-3')],
      [4, await send('POST', '/base/v2/agencies/2/balance', usd, 'inv-4')],
      [5, await send('PUT', '/base/v2/agencies/2/credit', { credit: '7.00', currency: 'USD' }, 'inv-5')],
      [6, await send('PUT', '/base/v2/agencies/2/credit', { credit: '7.00', currency: 'USD' }, 'inv-5')],
    ];
    expect(calls.map(([i, res]) => [i, res.statusCode])).toEqual(calls.map(([i]) => [i, 200]));
    await t.database.db.transaction(async (tx) => {
      const order = { agencyId: 2, currency: 'CNY', amountMinor: 510_000, orderId: 'INV-ORDER' };
      await payFromBalance(tx, { ...order, kind: 'origin-flight' });
      await reimburse(tx, order);
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it("flags a sub-agency's money from platform_cash, unless older data's history", async () => {
    const { db } = t.database;
    const entryId = await db.transaction(async (tx) => {
      const accounts = await ensureAccounts(tx, 2, 'CNY');
      return postEntry(tx, {
        agencyId: 2,
        kind: 'top-up',
        reference: 'FROM-NOWHERE',
        postings: [
          { accountId: accounts.platform_cash, amountMinor: -100, currency: 'CNY' },
          { accountId: accounts.agency_wallet, amountMinor: 100, currency: 'CNY' },
        ],
      });
    });
    expect(await ledgerViolations(db)).toEqual([
      `entry ${entryId} moves platform_cash but is no top-level funding`,
    ]);
    await db.execute(
      sql`update journal_entries set meta = meta || '{"legacySubFunding": true}'::jsonb where id = ${entryId}`,
    );
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('flags a credit limit that no credit entry explains', async () => {
    await t.database.db.execute(
      sql`update ledger_accounts set credit_limit_minor = 12345 where agency_id = 2 and kind = 'agency_wallet'`,
    );
    expect(await ledgerViolations(t.database.db)).toEqual([
      expect.stringMatching(/^wallet \d+ lends 0, its sub-agencies' limits are 12345$/),
      expect.stringMatching(/^wallet \d+ credit limit 12345, its credit entries set 0$/),
    ]);
  });

  it('flags a credit entry that does not start from the limit before it', async () => {
    const token = await login(t.app, 'finance');
    const put = (credit: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/base/v2/agencies/2/credit',
        payload: { credit },
        headers: bearer(token),
      });
    expect((await put('300.00')).statusCode).toBe(200);
    expect((await put('200.00')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update journal_entries set meta = meta || '{"creditLimitFromMinor": 1}'::jsonb
        where id = (select max(id) from journal_entries where kind = 'credit-adjustment' and agency_id = 2)`,
    );
    expect(await ledgerViolations(t.database.db)).toEqual([
      expect.stringMatching(/^credit entry \d+ does not start from the previous limit$/),
    ]);
  });

  it("flags a posting on another agency's account", async () => {
    await t.database.db.execute(
      sql`update ledger_postings set account_id = (select id from ledger_accounts where agency_id = 222
          and kind = 'agency_wallet' and currency = 'CNY')
        where id = (select p.id from ledger_postings p join journal_entries e on e.id = p.entry_id
          join ledger_accounts a on a.id = p.account_id
          where e.agency_id = 2 and a.kind = 'agency_wallet' limit 1)`,
    );
    const problems = await ledgerViolations(t.database.db);
    expect(problems).toContainEqual(expect.stringMatching(/is on another agency's account$/));
  });
});
