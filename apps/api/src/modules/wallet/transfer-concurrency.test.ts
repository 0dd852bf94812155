import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { bearer, login, usePostgres, useTestApp } from '../../test/app';
import { availableOf } from './ledger';
import { ledgerViolations } from './ledger.invariants';
import { payFromBalance } from './pay-from-balance';
import { walletAccounts } from './wallet.repo';

const t = useTestApp();

const TRANSFER_MINOR = 200_000;
const DISCOUNT_MINOR = 5_000;

const parentWallet = async () => (await walletAccounts(t.database.db, 1)).find((w) => w.currency === 'CNY');

describe(`a parent's money under concurrent transfers and sub-agency bookings (${usePostgres ? 'PostgreSQL, racing through the pool' : 'PGlite, serialized'})`, () => {
  it('never lets the parent spend more than its available amount', async () => {
    // Agency 1 may spend 60,000.00 (50,000.00 and a credit line of 10,000.00); 40 top-ups of its
    // branch of 2,000.00 each ask for 80,000.00, while 20 bookings of the branch each take a
    // discount of 50.00 that agency 1 gives (a negative markup: a debit of agency 1's wallet).
    const before = await parentWallet();
    const startMinor = before ? availableOf(before) : 0;
    expect(startMinor).toBe(6_000_000);
    const token = await login(t.app, 'finance');
    const transfers = Array.from({ length: 40 }, (_, i) =>
      t.app
        .inject({
          method: 'POST',
          url: '/base/v2/agencies/2/balance',
          payload: { currency: 'CNY', amount: '2000.00', exchangeRate: '1', referenceNumber: `RACE-${i}` },
          headers: { ...bearer(token), 'idempotency-key': `race-${i}` },
        })
        .then((res) => res.statusCode),
    );
    const bookings = Array.from({ length: 20 }, (_, i) =>
      t.database.db
        .transaction((tx) =>
          payFromBalance(tx, {
            agencyId: 2,
            currency: 'CNY',
            amountMinor: 10_000,
            orderId: `RACE-ORDER-${i}`,
            kind: 'origin-flight',
            markupLegs: [{ agencyId: 1, amountMinor: -DISCOUNT_MINOR }],
          }),
        )
        .then(
          () => 200,
          (error: unknown) =>
            error instanceof AppError && error.errorName === 'INSUFFICIENT_BALANCE' ? 402 : 500,
        ),
    );
    const transferCodes = await Promise.all(transfers);
    const bookingCodes = await Promise.all(bookings);

    for (const code of [...transferCodes, ...bookingCodes]) expect([200, 402]).toContain(code);
    const okTransfers = transferCodes.filter((c) => c === 200).length;
    const okBookings = bookingCodes.filter((c) => c === 200).length;
    const after = await parentWallet();
    const endMinor = after ? availableOf(after) : 0;
    expect(endMinor).toBeGreaterThanOrEqual(0);
    expect(startMinor - endMinor).toBe(okTransfers * TRANSFER_MINOR + okBookings * DISCOUNT_MINOR);
    // A refusal means the parent could not cover it then, and its available amount only fell since.
    expect(okTransfers).toBeLessThan(40);
    expect(endMinor).toBeLessThan(TRANSFER_MINOR);
    if (okBookings < 20) expect(endMinor).toBeLessThan(DISCOUNT_MINOR);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  }, 120_000);
});
