import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { usePostgres, useTestApp } from '../../test/app';
import { postEntry } from './ledger';
import { ledgerViolations } from './ledger.invariants';
import { ensureAccounts } from './ledger.repo';
import { payFromBalance } from './pay-from-balance';
import { setCreditLimit } from './set-credit-limit';
import { topUp } from './top-up';
import { walletAccounts } from './wallet.repo';

const t = useTestApp();

// Agency 3's demo wallet is in CNY; these tests use its USD wallet, which starts empty.
// Funds 800.00 + credit 200.00 = 1000.00: exactly 100 payments of 10.00.
const AGENCY = 3;
const CURRENCY = 'USD';
const usdWallet = async (db: typeof t.database.db) =>
  (await walletAccounts(db, AGENCY)).find((w) => w.currency === CURRENCY);
const PRICE = 1_000;

describe(`200 simultaneous balance payments (${usePostgres ? 'PostgreSQL, racing through the pool' : 'PGlite, serialized'})`, () => {
  it('lets exactly 100 succeed and never goes below the credit limit', async () => {
    const { db } = t.database;
    await db.transaction(async (tx) => {
      await topUp(tx, { agencyId: AGENCY, currency: CURRENCY, amountMinor: 80_000, reference: 'CONC' });
      await setCreditLimit(tx, { agencyId: AGENCY, currency: CURRENCY, creditLimitMinor: 20_000 });
    });

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        db.transaction((tx) =>
          payFromBalance(tx, {
            agencyId: AGENCY,
            currency: CURRENCY,
            amountMinor: PRICE,
            orderId: `CONC-${i}`,
            kind: 'origin-flight',
          }),
        ),
      ),
    );

    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(ok).toHaveLength(100);
    expect(failed).toHaveLength(100);
    for (const reason of failed) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).errorName).toBe('INSUFFICIENT_BALANCE');
    }
    const wallet = await usdWallet(db);
    expect(wallet?.balanceMinor).toBe(-20_000);
    expect((wallet?.balanceMinor ?? 0) + (wallet?.creditLimitMinor ?? 0)).toBe(0);
    expect(await ledgerViolations(db)).toEqual([]);
  }, 60_000);

  it('charges an order paid twice at the same moment only once', async () => {
    const { db } = t.database;
    const pay = () =>
      db.transaction((tx) =>
        payFromBalance(tx, {
          agencyId: 2,
          currency: 'CNY',
          amountMinor: 12_345,
          orderId: 'TWICE',
          kind: 'origin-flight',
        }),
      );
    const results = await Promise.allSettled([pay(), pay(), pay()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).errorName).toBe('ILLEGAL_TRANSITION');
    }
    const [wallet] = await walletAccounts(db, 2);
    expect(wallet?.balanceMinor).toBe(500_000 - 12_345);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('lets only one of two top-ups that each fit under the wallet maximum but not together pass', async () => {
    const { db } = t.database;
    // 50.00 below the 1,000,000,000,000.00 maximum of a wallet in a two-digit currency.
    const room = 5_000;
    await db.transaction(async (tx) => {
      const accounts = await ensureAccounts(tx, AGENCY, CURRENCY);
      const amountMinor = 100_000_000_000_000 - room;
      await postEntry(tx, {
        agencyId: AGENCY,
        kind: 'top-up',
        reference: 'NEAR-MAX',
        postings: [
          { accountId: accounts.platform_cash, amountMinor: -amountMinor, currency: CURRENCY },
          { accountId: accounts.agency_wallet, amountMinor, currency: CURRENCY },
        ],
      });
    });
    const results = await Promise.allSettled(
      Array.from({ length: 2 }, (_, i) =>
        db.transaction((tx) =>
          topUp(tx, { agencyId: AGENCY, currency: CURRENCY, amountMinor: 3_000, reference: `RACE-${i}` }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).errorName).toBe('BALANCE_ABOVE_MAXIMUM');
    }
    const wallet = await usdWallet(db);
    expect(wallet?.balanceMinor).toBe(100_000_000_000_000 - room + 3_000);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
