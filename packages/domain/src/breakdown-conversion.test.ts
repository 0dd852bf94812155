import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertBreakdown } from './breakdown-conversion';
import { CURRENCY_DIGITS, convertMinor } from './currency-conversion';

const CNY = { currency: 'CNY', digits: CURRENCY_DIGITS.CNY };
const EUR = { currency: 'EUR', digits: CURRENCY_DIGITS.EUR };
const JPY = { currency: 'JPY', digits: CURRENCY_DIGITS.JPY };

describe('convertBreakdown: converted parts add up to the converted total', () => {
  it('CNY 560 + 50 at 0.1282 shows EUR 71.80 + 6.41 = 78.21', () => {
    // Exact: 71.792 + 6.41 = 78.202; the total rounds up to 78.21 and the missing cent goes to
    // the fare, whose remainder is the largest.
    expect(convertBreakdown([56_000, 5_000], CNY, '0.1282', EUR)).toEqual({
      parts: [7180, 641],
      total: 7821,
    });
  });

  it('gives the missing units to the largest remainders, the earlier part on a tie', () => {
    // Three thirds of 1 CNY in JPY at 1: 0.33.. each, total 1 yen rounded up.
    expect(convertBreakdown([33, 33, 34], CNY, '1', JPY)).toEqual({ parts: [0, 0, 1], total: 1 });
    expect(convertBreakdown([50, 50], CNY, '1', JPY)).toEqual({ parts: [1, 0], total: 1 });
  });

  it('keeps exact parts and handles a negative part (a discount)', () => {
    expect(convertBreakdown([10_000, -1_000], CNY, '0.5', EUR)).toEqual({ parts: [5000, -500], total: 4500 });
    expect(convertBreakdown([], CNY, '0.5', EUR)).toEqual({ parts: [], total: 0 });
  });

  it('rounds a negative total away from zero, the mirror of the positive breakdown (a refund)', () => {
    expect(convertBreakdown([1, 1], CNY, '0.1389', EUR)).toEqual({ parts: [1, 0], total: 1 });
    expect(convertBreakdown([-1, -1], CNY, '0.1389', EUR)).toEqual({ parts: [-1, 0], total: -1 });
    expect(convertBreakdown([-56_000, -5_000], CNY, '0.1282', EUR).total).toBe(-7821);
  });

  it('refuses a rate that is not a positive decimal and amounts that are not integers', () => {
    expect(() => convertBreakdown([1], CNY, '0', EUR)).toThrow(RangeError);
    expect(() => convertBreakdown([1.5], CNY, '1', EUR)).toThrow(RangeError);
  });

  const digits = fc.constantFrom(0, 2);
  const rate = fc
    .tuple(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 2, max: 8 }))
    .map(([units, scale]) => {
      const text = String(units).padStart(scale + 1, '0');
      return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
    });
  const parts = fc.array(fc.integer({ min: -10_000_000, max: 100_000_000 }), { maxLength: 12 });

  it('property: the parts always sum to the total, which is the converted sum rounded up', () => {
    fc.assert(
      fc.property(parts, rate, digits, digits, (amounts, r, fromDigits, toDigits) => {
        const from = { digits: fromDigits };
        const to = { digits: toDigits };
        const result = convertBreakdown(amounts, from, r, to);
        expect(result.parts).toHaveLength(amounts.length);
        expect(result.parts.reduce((a, b) => a + b, 0)).toBe(result.total);
        const sum = amounts.reduce((a, b) => a + b, 0);
        expect(result.total).toBe(convertMinor(sum, from, r, to));
      }),
      { numRuns: 500 },
    );
  });

  it('property: each part is its exact value rounded down or up to the minor unit', () => {
    fc.assert(
      fc.property(parts, rate, digits, digits, (amounts, r, fromDigits, toDigits) => {
        const result = convertBreakdown(amounts, { digits: fromDigits }, r, { digits: toDigits });
        const [units = '0', fraction = ''] = r.split('.');
        const rateUnits = BigInt(units + fraction);
        const denominator = 10n ** BigInt(fromDigits + fraction.length);
        amounts.forEach((amount, i) => {
          const exact = BigInt(amount) * rateUnits * 10n ** BigInt(toDigits);
          const part = BigInt(result.parts[i] ?? 0);
          // part - 1 < exact / denominator < part + 1
          expect((part - 1n) * denominator < exact && exact < (part + 1n) * denominator).toBe(true);
        });
      }),
      { numRuns: 500 },
    );
  });
});
