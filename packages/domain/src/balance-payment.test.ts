import { describe, expect, it } from 'vitest';
import { balancePaymentPreview } from './balance-payment';
import type { Currency } from './currency';
import type { WalletBalance } from './wallet';

const cny = (amount: string) => ({ amount, currency: 'CNY' as Currency });

function wallet(balance: string, creditLimit: string, available: string): WalletBalance {
  return { currency: 'CNY', balance: cny(balance), creditLimit: cny(creditLimit), available: cny(available) };
}

describe('balancePaymentPreview', () => {
  it.each([
    // balance, credit limit, available, amount -> after, credit used, available after, sufficient
    ['5000.00', '0.00', '5000.00', '930.00', '4070.00', '0.00', '4070.00', true],
    ['500.00', '2000.00', '2500.00', '930.00', '-430.00', '430.00', '1570.00', true],
    ['-200.00', '2000.00', '1800.00', '930.00', '-1130.00', '930.00', '870.00', true],
    ['500.00', '0.00', '500.00', '930.00', '-430.00', '430.00', '-430.00', false],
    ['930.00', '0.00', '930.00', '930.00', '0.00', '0.00', '0.00', true],
  ])(
    'balance %s, credit %s (available %s) paying %s: after %s, credit used %s',
    (balance, limit, available, amount, after, creditUsed, availableAfter, sufficient) => {
      expect(balancePaymentPreview(wallet(balance, limit, available), cny(amount))).toEqual({
        amount: cny(amount),
        balanceBefore: cny(balance),
        balanceAfter: cny(after),
        creditUsed: cny(creditUsed),
        creditLimit: cny(limit),
        availableAfter: cny(availableAfter),
        sufficient,
      });
    },
  );

  it('has no preview for an amount in another currency than the wallet', () => {
    expect(
      balancePaymentPreview(wallet('1.00', '0.00', '1.00'), { amount: '1.00', currency: 'USD' }),
    ).toBeNull();
  });
});
