import { describe, expect, it } from 'vitest';
import { topUpAmount } from './top-up-amount';

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
