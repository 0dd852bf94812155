import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_DIGITS,
  convertForDisplay,
  convertMinor,
  fromMinor,
  minorDigits,
  parseDecimal,
  plainNumberString,
  settlementDisplayDecimals,
  toMinor,
} from './currency-conversion';

const CNY = { currency: 'CNY', digits: 2 };
const USD = { currency: 'USD', digits: 2 };
const JPY = { currency: 'JPY', digits: 0 };

describe('convertForDisplay: converted prices round up (spec §9)', () => {
  it('converts 1000.00 CNY at 0.1389 to 138.90 USD', () => {
    expect(convertForDisplay(100_000, CNY, '0.1389', USD)).toBe(138.9);
  });

  it.each([
    [1, CNY, '0.1389', USD, 0.01],
    [1, CNY, '0.0000001', USD, 0.01],
    [12_345, CNY, '0.13891', USD, 17.15],
    [100, USD, '7.2', CNY, 7.2],
    [100, USD, '151.234', JPY, 152],
    [1000, JPY, '0.048', CNY, 48],
    [0, CNY, '0.1389', USD, 0],
  ])('rounds %i minor units up: %o at %s -> %s', (amount, from, rate, to, expected) => {
    expect(convertForDisplay(amount, from, rate, to)).toBe(expected);
  });

  it('rounds a negative amount (refund) away from zero', () => {
    expect(convertForDisplay(-1, CNY, '0.1389', USD)).toBe(-0.01);
    expect(convertMinor(-12_345, CNY, '0.13891', USD)).toBe(-1715);
  });

  it.each(['0', '-1', 'abc', '', '1e-3'])('rejects the rate %j', (rate) => {
    expect(() => convertForDisplay(100, CNY, rate, USD)).toThrow(RangeError);
  });

  it('never rounds down and never adds a whole minor unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (amount, rateUnits) => {
          const rate = fromMinor(rateUnits, 6);
          const minor = convertMinor(amount, CNY, rate, USD);
          const exactTimesMillion = BigInt(amount) * BigInt(rateUnits);
          expect(BigInt(minor) * 1_000_000n >= exactTimesMillion).toBe(true);
          expect((BigInt(minor) - 1n) * 1_000_000n < exactTimesMillion).toBe(true);
        },
      ),
    );
  });
});

describe('settlementDisplayDecimals (spec §9)', () => {
  it.each([
    [0, 2],
    [9.99, 2],
    [9.999999, 2],
    [10, 0],
    [10.01, 0],
    [12_345, 0],
    [-9.99, 2],
    [-10, 0],
  ])('shows %s with %i decimals', (value, decimals) => {
    expect(settlementDisplayDecimals(value)).toBe(decimals);
  });
});

describe('toMinor and fromMinor', () => {
  it.each([
    ['12.34', 2, 1234],
    ['12.3', 2, 1230],
    ['12', 2, 1200],
    ['12.', 2, 1200],
    ['.5', 2, 50],
    ['-0.01', 2, -1],
    ['+7', 0, 7],
    ['12.340', 2, 1234],
    ['1500', 0, 1500],
  ])('reads %s with %i digits as %i', (text, digits, minor) => {
    expect(toMinor(text, digits)).toBe(minor);
  });

  it.each([
    ['12.345', 2],
    ['1.5', 0],
    ['1,234.00', 2],
    ['1e3', 2],
    ['', 2],
    ['-', 2],
    ['12.3.4', 2],
    [' 1 2', 2],
    ['NaN', 2],
    ['99999999999999999', 2],
  ])('rejects %j with %i digits', (text, digits) => {
    expect(() => toMinor(text, digits)).toThrow(RangeError);
  });

  it.each([
    [1234, 2, '12.34'],
    [5, 2, '0.05'],
    [-5, 2, '-0.05'],
    [0, 2, '0.00'],
    [1500, 0, '1500'],
    [7, 3, '0.007'],
  ])('writes %i with %i digits as %s', (minor, digits, text) => {
    expect(fromMinor(minor, digits)).toBe(text);
  });

  it('rejects a fractional minor amount and impossible digit counts', () => {
    expect(() => fromMinor(1.5, 2)).toThrow(RangeError);
    expect(() => fromMinor(1, -1)).toThrow(RangeError);
    expect(() => toMinor('1', 2.5)).toThrow(RangeError);
  });

  it('round-trips every safe integer through fromMinor and toMinor', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), fc.integer({ min: 0, max: 4 }), (minor, digits) => {
        expect(toMinor(fromMinor(minor, digits), digits)).toBe(minor);
      }),
    );
  });
});

describe('decimal helpers', () => {
  it('knows JPY and KRW have no minor unit', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('krw')).toBe(0);
    expect(minorDigits('CNY')).toBe(2);
  });

  it('parses decimals exactly', () => {
    expect(parseDecimal('-12.50')).toEqual({ units: -1250n, scale: 2 });
    expect(parseDecimal('x')).toBeUndefined();
  });

  it.each([
    [1e-7, '0.0000001'],
    [1.5e-7, '0.00000015'],
    [-2e21, '-2000000000000000000000'],
    [1.25e22, '12500000000000000000000'],
    [123.45, '123.45'],
  ])('writes %s without exponent: %s', (value, text) => {
    expect(plainNumberString(value)).toBe(text);
  });
});

describe('CURRENCY_DIGITS', () => {
  it('knows the minor units of currencies without and with cents', () => {
    expect(CURRENCY_DIGITS.JPY).toBe(0);
    expect(CURRENCY_DIGITS.KRW).toBe(0);
    expect(CURRENCY_DIGITS.CNY).toBe(2);
    expect(CURRENCY_DIGITS.USD).toBe(2);
  });
});
