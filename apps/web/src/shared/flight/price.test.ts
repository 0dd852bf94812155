import { describe, expect, it } from 'vitest';
import { crossRate, displayAmount } from './price';

describe('display prices', () => {
  it('shows the exact settlement amount when the currencies are the same', () => {
    expect(displayAmount('1234.5', 'CNY', { currency: 'CNY', rate: '1' }, '1')).toBe('1,234.5');
  });

  it('converts CNY with the stored rate, rounding up, with no decimals from 10 up (spec §9)', () => {
    expect(displayAmount('1000.01', 'CNY', { currency: 'USD', rate: '0.1389' }, '0.1389')).toBe('139');
    expect(displayAmount('1000.00', 'CNY', { currency: 'USD', rate: '0.1389' }, '0.1389')).toBe('139');
    expect(displayAmount('71.99', 'CNY', { currency: 'USD', rate: '0.1389' }, '0.1389')).toBe('10');
    expect(displayAmount('1000.00', 'CNY', { currency: 'JPY', rate: '20.8333' }, '20.8333')).toBe('20,834');
  });

  it('shows a converted amount under 10 with 2 decimals, rounded up (spec §9)', () => {
    expect(displayAmount('50.00', 'CNY', { currency: 'USD', rate: '0.1389' }, '0.1389')).toBe('6.95');
    expect(displayAmount('71.90', 'CNY', { currency: 'USD', rate: '0.1389' }, '0.1389')).toBe('9.99');
    expect(displayAmount('-50.00', 'CNY', { currency: 'USD', rate: '0.1389' }, '0.1389')).toBe('-6.95');
  });

  it('converts a non-CNY settlement currency through CNY', () => {
    const rate = crossRate('USD', { currency: 'EUR', rate: '0.1290' }, '0.1389');
    expect(Number(rate)).toBeCloseTo(0.129 / 0.1389, 10);
    expect(crossRate('USD', { currency: 'CNY', rate: '1' }, '0.1389')).toBe((1 / 0.1389).toPrecision(12));
    expect(crossRate('USD', { currency: 'EUR', rate: '0.1290' }, undefined)).toBeNull();
  });
});
