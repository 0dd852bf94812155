import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TransactionList } from '@portal/domain/wallet';
import { bearer, body, login, useTestApp } from '../../test/app';
import { ledgerViolations } from './ledger.invariants';
import { payFromBalance } from './pay-from-balance';
import { topUp } from './top-up';
import { ledgerPostings } from './wallet.schema';

/**
 * Each wallet posting stores the balance after its entry (migration 0033): the transactions'
 * "balance after" column reads it, and the books' invariants prove it is the running sum.
 */
const t = useTestApp();

/** The balance stored with agency 1's newest CNY wallet posting. */
async function lastStoredBalance(): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ balance: ledgerPostings.balanceAfterMinor })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.agencyId, 1),
        eq(ledgerPostings.accountKind, 'agency_wallet'),
        eq(ledgerPostings.currency, 'CNY'),
      ),
    )
    .orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.entryId))
    .limit(1);
  return row?.balance;
}

describe('the balance after each wallet entry', () => {
  it('follows each payment and top-up, and the transactions list shows it', async () => {
    const base = { agencyId: 1, currency: 'CNY' };
    await t.database.db.transaction(async (tx) => {
      await topUp(tx, { ...base, amountMinor: 70_000, reference: 'AFTER-1' });
      await payFromBalance(tx, {
        ...base,
        amountMinor: 12_345,
        orderId: 'AFTER-ORDER',
        kind: 'origin-flight',
      });
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    const token = await login(t.app, 'finance');
    const res = await t.app.inject({
      url: '/base/v2/wallet/transactions?sort=-paymentTime',
      headers: bearer(token),
    });
    const [payment, top] = TransactionList.parse(body(res).data).list;
    const stored = await lastStoredBalance();
    expect(payment?.balanceAfter.amount).toBe(((stored ?? 0) / 100).toFixed(2));
    expect(Number(top?.balanceAfter.amount) - Number(payment?.balanceAfter.amount)).toBeCloseTo(123.45, 2);
  });

  it('restates the balances after an entry posted with an earlier time of its own', async () => {
    const base = { agencyId: 1, currency: 'CNY' };
    const before = await lastStoredBalance();
    await t.database.db.transaction(async (tx) => {
      await topUp(tx, { ...base, amountMinor: 10_000, reference: 'NOW' });
      // Dated a year back: every balance stored after that time moves by its amount.
      await topUp(tx, {
        ...base,
        amountMinor: 5_000,
        reference: 'LAST-YEAR',
        postedAt: new Date(Date.now() - 365 * 86_400_000),
      });
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    expect(await lastStoredBalance()).toBe((before ?? 0) + 15_000);
  });

  it('flags a wallet sum of a day or an hour that differs from its postings', async () => {
    const { db } = t.database;
    await db.transaction((tx) =>
      topUp(tx, { agencyId: 1, currency: 'CNY', amountMinor: 10_000, reference: 'SUMS' }),
    );
    expect(await ledgerViolations(db)).toEqual([]);
    const newest = (table: 'wallet_daily_sums' | 'wallet_hourly_sums', at: 'day' | 'hour') =>
      sql`(select ${sql.raw(at)} from ${sql.raw(table)} where agency_id = 1 and entry_kind = 'top-up'
        order by ${sql.raw(at)} desc limit 1)`;
    await db.execute(sql`update wallet_daily_sums set amount_minor = amount_minor + 1
      where agency_id = 1 and entry_kind = 'top-up' and day = ${newest('wallet_daily_sums', 'day')}`);
    await db.execute(sql`update wallet_hourly_sums set postings = postings + 1
      where agency_id = 1 and entry_kind = 'top-up' and hour = ${newest('wallet_hourly_sums', 'hour')}`);
    const problems = await ledgerViolations(db);
    expect(problems.filter((p) => /top-up sum of the day .* differs from its postings/.test(p))).toHaveLength(
      1,
    );
    expect(
      problems.filter((p) => /top-up sum of the hour .* differs from its postings/.test(p)),
    ).toHaveLength(1);
    // A day's sum filed under another currency than its postings' is flagged too.
    await db.execute(sql`update wallet_daily_sums set amount_minor = amount_minor - 1, currency = 'USD'
      where agency_id = 1 and entry_kind = 'top-up' and day = ${newest('wallet_daily_sums', 'day')}`);
    expect((await ledgerViolations(db)).filter((p) => p.includes('sum of the day'))).toHaveLength(1);
  });
  it("lists each posting under its entry kind's payment type, which no writer can set otherwise", async () => {
    const { db } = t.database;
    await db.transaction((tx) =>
      topUp(tx, { agencyId: 1, currency: 'CNY', amountMinor: 10_000, reference: 'TYPED' }),
    );
    const topUpPosting = sql`(select id from ledger_postings where agency_id = 1 and entry_kind = 'top-up'
      and account_kind = 'agency_wallet' order by created_at desc, id desc limit 1)`;
    const [typed] = await db
      .select({ paymentType: ledgerPostings.paymentType })
      .from(ledgerPostings)
      .where(sql`${ledgerPostings.id} = ${topUpPosting}`);
    expect(typed?.paymentType).toBe('top-up');
    expect(await ledgerViolations(db)).toEqual([]);
    // PostgreSQL computes it in the posting's own insert: an update to another type is refused.
    await expect(
      db.execute(sql`update ledger_postings set payment_type = 'origin-flight' where id = ${topUpPosting}`),
    ).rejects.toThrow();
    // With the expression dropped (rolled back), a posting listed under another type is flagged.
    const flagged: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table ledger_postings alter column payment_type drop expression`);
        await tx.execute(
          sql`update ledger_postings set payment_type = 'origin-flight' where id = ${topUpPosting}`,
        );
        flagged.push(...(await ledgerViolations(tx as unknown as typeof db)));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(flagged.filter((p) => /\(top-up\) is listed under the type origin-flight/.test(p))).toHaveLength(
      1,
    );
    expect(flagged).toHaveLength(1);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
