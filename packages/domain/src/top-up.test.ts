import { describe, expect, it } from 'vitest';
import { creditedAboveReceived, followedAmount, topUpAboveReceived, topUpAmount } from './top-up';

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

describe('the amount credited in a form', () => {
  const all = { currency: 'CNY', amountReceived: '1000', exchangeRate: '7.1', transactionFeePercent: 1 };

  it('follows the amount received, rate and fee, in the currency decimals, and only when they change', () => {
    expect(followedAmount({ amountReceived: '1000' }, all)).toBe('7029.00');
    expect(followedAmount({ currency: 'JPY' }, { ...all, currency: 'JPY' })).toBe('7029');
    expect(followedAmount({ referenceNumber: 'B-1' }, all)).toBeNull();
  });

  it('clears a stale amount once nothing follows, and leaves an empty form alone', () => {
    expect(followedAmount({ transactionFeePercent: 100 }, { ...all, transactionFeePercent: 100 })).toBe('');
    expect(followedAmount({ exchangeRate: 'x' }, { ...all, exchangeRate: 'x' })).toBe('');
    expect(followedAmount({ exchangeRate: '1' }, { currency: 'CNY', exchangeRate: '1' })).toBeNull();
  });

  it('names the most that may be credited only when the amount is above it', () => {
    const body = { currency: 'CNY', amountReceived: '1000', exchangeRate: '7.1', transactionFeePercent: 1 };
    expect(creditedAboveReceived({ ...body, amount: '7029.01' })).toBe('7029.00');
    expect(creditedAboveReceived({ ...body, amount: '7029.00' })).toBeNull();
    expect(creditedAboveReceived({ ...body, amount: '' })).toBeNull();
    expect(creditedAboveReceived({ ...body, transactionFeePercent: 100, amount: '1' })).toBe('0');
  });
});
