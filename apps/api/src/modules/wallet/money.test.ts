import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { fromMinor, money, percentOf, toMinor } from './money';

describe('money', () => {
  it('parses decimal strings into minor units with the currency digits', () => {
    expect(toMinor('1234.5', 'CNY')).toBe(123_450);
    expect(toMinor('1234.50', 'CNY')).toBe(123_450);
    expect(toMinor('0.01', 'USD')).toBe(1);
    expect(toMinor('1500', 'JPY')).toBe(1500);
    expect(toMinor('1500.00', 'JPY')).toBe(1500);
    expect(toMinor('-3.10', 'CNY')).toBe(-310);
  });

  it('refuses more fraction digits than the currency has, and non-numbers', () => {
    for (const [amount, currency] of [
      ['1.001', 'CNY'],
      ['1.5', 'JPY'],
      ['1e3', 'CNY'],
      ['', 'CNY'],
      ['1,000', 'CNY'],
    ]) {
      expect(() => toMinor(amount ?? '', currency ?? '')).toThrow(AppError);
    }
  });

  it('formats minor units with the currency digits', () => {
    expect(money(123_450, 'CNY')).toEqual({ amount: '1234.50', currency: 'CNY' });
    expect(fromMinor(5, 'CNY')).toBe('0.05');
    expect(fromMinor(-5, 'CNY')).toBe('-0.05');
    expect(fromMinor(1500, 'JPY')).toBe('1500');
    expect(fromMinor(0, 'USD')).toBe('0.00');
  });

  it('round-trips every safe amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e15, max: 1e15 }),
        fc.constantFrom('CNY', 'JPY', 'USD'),
        (minor, currency) => {
          expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it('takes a percent rounded half up to a whole minor unit', () => {
    expect(percentOf(100_050, '1.5')).toBe(1501); // 1500.75 -> 1501
    expect(percentOf(100, '0.5')).toBe(1); // 0.5 -> 1
    expect(percentOf(100, '0.4999')).toBe(0);
    expect(percentOf(12_345, '0')).toBe(0);
    expect(percentOf(12_345, '100')).toBe(12_345);
    expect(() => percentOf(100, '1.23456')).toThrow(AppError);
  });
});
