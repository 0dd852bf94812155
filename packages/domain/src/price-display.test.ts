import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, formatSettlementConversion } from './price-display';

describe('formatPrice: rounds up with thousands separators (spec §5)', () => {
  it.each([
    [1234.561, '1,234.57'],
    [1234.5, '1,234.50'],
    [1234, '1,234.00'],
    [0, '0.00'],
    [1.005, '1.01'],
    [1.001, '1.01'],
    [2.00000000001, '2.00'],
    [0.1 + 0.2, '0.30'],
    [1.1 * 3, '3.30'],
    [999.991, '1,000.00'],
    [1234567.891, '1,234,567.90'],
    [1e21, '1,000,000,000,000,000,000,000.00'],
    [1e-7, '0.01'],
    ['1234.561', '1,234.57'],
    ['1,234.561', '1,234.57'],
    [' 12.5 ', '12.50'],
  ])('shows %s as %s', (value, shown) => {
    expect(formatPrice(value)).toBe(shown);
  });

  it.each([
    [-1.231, '-1.24'],
    [-1234.561, '-1,234.57'],
    [-0, '0.00'],
    [-2.00000000001, '-2.00'],
  ])('rounds a negative amount (refund) away from zero: %s -> %s', (value, shown) => {
    expect(formatPrice(value)).toBe(shown);
  });

  it.each([
    [1234.561, 0, '1,235'],
    [1234.001, 1, '1,234.1'],
    [0.12341, 4, '0.1235'],
    [5, 3, '5.000'],
    [1.5, -1, '2'],
  ])('rounds %s up to %i decimals: %s', (value, decimals, shown) => {
    expect(formatPrice(value, { decimals })).toBe(shown);
  });

  it.each([undefined, null, '', 'abc', '1.2.3', Number.NaN, Number.POSITIVE_INFINITY, '1e3x'])(
    'shows 0 for the empty or unknown value %j',
    (value) => {
      expect(formatPrice(value)).toBe('0');
    },
  );
});

describe('formatPrice with noRounding', () => {
  it.each([
    [1234.5, '1,234.5'],
    [1234.561, '1,234.561'],
    ['1234567.10', '1,234,567.10'],
    [12, '12'],
    [-9876.54321, '-9,876.54321'],
  ])('keeps the digits of %s: %s', (value, shown) => {
    expect(formatPrice(value, { noRounding: true })).toBe(shown);
  });

  it('still shows 0 for an unknown value', () => {
    expect(formatPrice(undefined, { noRounding: true })).toBe('0');
  });
});

describe('formatPrice properties', () => {
  it('never shows less than a two-decimal amount it was given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        (cents, extra) => {
          const value = cents / 100 + extra / 100_000;
          const shown = Number(formatPrice(value).replace(/,/g, ''));
          expect(shown).toBeGreaterThanOrEqual(cents / 100);
          expect(shown - value).toBeLessThan(0.01);
        },
      ),
    );
  });

  it('shows a whole number of cents unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        const shown = formatPrice(cents / 100).replace(/,/g, '');
        expect(shown).toBe((cents / 100).toFixed(2));
      }),
    );
  });
});

describe('formatSettlementConversion: under 10 shows 2 decimals, otherwise 0 (spec §9)', () => {
  it.each([
    [9.99, 2, '9.99'],
    [0.5, 2, '0.50'],
    [9.991, 2, '10.00'],
    [10, 2, '10'],
    [10.01, 2, '11'],
    [138.91, 2, '139'],
    [1234.5, 2, '1,235'],
    [-9.5, 2, '-9.50'],
    [-138.91, 2, '-139'],
    [5, 0, '5'],
    [20834, 0, '20,834'],
  ])('shows %s (minor digits %i) as %s', (value, digits, shown) => {
    expect(formatSettlementConversion(value, digits)).toBe(shown);
  });

  it('never shows fewer than the whole amount, rounded up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const value = cents / 100;
        const shown = Number(formatSettlementConversion(value, 2).replace(/,/g, ''));
        expect(shown).toBeGreaterThanOrEqual(value);
        expect(shown - value).toBeLessThan(value < 10 ? 0.01 : 1);
      }),
    );
  });
});
