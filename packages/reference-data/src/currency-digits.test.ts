import { describe, expect, it } from 'vitest';
import { CURRENCY_DIGITS } from './currency-digits';

describe('CURRENCY_DIGITS', () => {
  it('knows the minor units of currencies without and with cents', () => {
    expect(CURRENCY_DIGITS.JPY).toBe(0);
    expect(CURRENCY_DIGITS.KRW).toBe(0);
    expect(CURRENCY_DIGITS.CNY).toBe(2);
    expect(CURRENCY_DIGITS.USD).toBe(2);
  });
});
