import { describe, expect, it } from 'vitest';
import { topUpAboveReceived, topUpAmount } from './top-up';

describe('top-up amount', () => {
  it.each([
    ['1000', '7.1234', 1.5, 2, '7016.54'],
    ['1000', '1', undefined, 2, '1000.00'],
    ['0.10', '3', 0, 2, '0.30'],
    ['100', '150.5', 2, 0, '14749'],
    ['100', '1', 100, 2, undefined],
    ['', '1', 0, 2, undefined],
    ['100', 'abc', 0, 2, undefined],
  ])(
    '%s × %s less %s %% with %s digits is %s (rounded down, exact)',
    (received, rate, fee, digits, amount) => {
      expect(topUpAmount(received, rate, fee, digits)).toBe(amount);
    },
  );
});

describe('a top-up above what was received', () => {
  const body = { amountReceived: '100', exchangeRate: '1', transactionFeePercent: 10 };
  it.each([
    ['90.00', false],
    ['89.99', false],
    ['90.01', true],
  ])('credits %s of 100 received less 10 %%: above is %s', (amount, above) => {
    expect(topUpAboveReceived({ ...body, amount }, 2)).toBe(above);
  });

  it('refuses any amount when the fee takes it all, and compares nothing without an amount received', () => {
    expect(topUpAboveReceived({ ...body, transactionFeePercent: 100, amount: '0.01' }, 2)).toBe(true);
    expect(topUpAboveReceived({ amount: '5000', exchangeRate: '1' }, 2)).toBe(false);
  });
});
