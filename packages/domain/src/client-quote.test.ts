import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotedFareOf, spreadServiceFee, validateServiceFee, type QuoteFareLine } from './client-quote';

const family: QuoteFareLine[] = [
  { passengerType: 'adult', count: 2, unitMinor: 100_000 },
  { passengerType: 'child', count: 1, unitMinor: 75_000 },
  { passengerType: 'infant', count: 1, unitMinor: 10_000 },
];

describe('spreadServiceFee: the fee hides in the shown prices', () => {
  it('adds a per-passenger fee to every passenger price exactly', () => {
    const shown = spreadServiceFee(family, { mode: 'per_passenger', amountMinor: 5_000 });
    expect(shown.lines.map((l) => l.unitMinor)).toEqual([105_000, 80_000, 15_000]);
    expect(shown.totalMinor).toBe(285_000 + 20_000);
    expect(shown.feeMinor).toBe(20_000);
  });

  it('shares a per-booking fee by what each type costs, an infant carrying little', () => {
    // CNY 285.00 of fee over a fare of 2850.00: 10 % of each type's cost.
    const shown = spreadServiceFee(family, { mode: 'per_booking', amountMinor: 28_500 });
    expect(shown.lines.map((l) => l.unitMinor)).toEqual([110_000, 82_500, 11_000]);
    expect(shown.feeMinor).toBe(28_500);
  });

  it('rounds a per-booking fee that does not divide up to a minor unit per passenger, never down', () => {
    const two: QuoteFareLine[] = [{ passengerType: 'adult', count: 2, unitMinor: 50_000 }];
    const shown = spreadServiceFee(two, { mode: 'per_booking', amountMinor: 1 });
    expect(shown.lines).toEqual([
      { passengerType: 'adult', count: 2, unitMinor: 50_001, subtotalMinor: 100_002 },
    ]);
    expect(shown.feeMinor).toBe(2);
  });

  it('leaves the prices alone without a fee', () => {
    const shown = spreadServiceFee(family, { mode: 'per_booking', amountMinor: 0 });
    expect(shown.totalMinor).toBe(285_000);
    expect(shown.feeMinor).toBe(0);
  });

  it('always shows parts that sum to the total, one price per type, and at least the asked fee', () => {
    const line = fc.record({
      passengerType: fc.constantFrom('adult' as const, 'child' as const, 'infant' as const),
      count: fc.integer({ min: 1, max: 9 }),
      unitMinor: fc.integer({ min: 0, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('per_passenger' as const, 'per_booking' as const),
        fc.integer({ min: 0, max: 10_000_000 }),
        (lines, mode, amountMinor) => {
          const shown = spreadServiceFee(lines, { mode, amountMinor });
          const passengers = lines.reduce((n, l) => n + l.count, 0);
          const asked = mode === 'per_passenger' ? amountMinor * passengers : amountMinor;
          expect(shown.lines.reduce((n, l) => n + l.subtotalMinor, 0)).toBe(shown.totalMinor);
          for (const l of shown.lines) expect(l.subtotalMinor).toBe(l.unitMinor * l.count);
          expect(shown.feeMinor).toBeGreaterThanOrEqual(asked);
          expect(shown.feeMinor - asked).toBeLessThan(passengers);
        },
      ),
    );
  });
});

describe('validateServiceFee', () => {
  const one: QuoteFareLine[] = [{ passengerType: 'adult', count: 1, unitMinor: 100_000 }];

  it.each([
    ['50', 'CNY', []],
    ['0', 'CNY', []],
    ['50.5', 'CNY', []],
    ['50.555', 'CNY', ['clientQuotes.validation.feeFormat']],
    ['-1', 'CNY', ['clientQuotes.validation.feeFormat']],
    ['abc', 'CNY', ['clientQuotes.validation.feeFormat']],
    ['', 'CNY', ['clientQuotes.validation.feeFormat']],
    ['1.5', 'JPY', ['clientQuotes.validation.feeFormat']],
    ['1000.01', 'CNY', ['clientQuotes.validation.feeAboveFare']],
    ['100001', 'CNY', ['clientQuotes.validation.feeAboveCap']],
  ])('fee %s %s → %j', (amount, currency, keys) => {
    expect(
      validateServiceFee(amount, 'per_passenger', currency, quotedFareOf(one)).map((e) => e.key),
    ).toEqual(keys);
  });

  it('judges a per-passenger fee by what all passengers pay together', () => {
    const two: QuoteFareLine[] = [{ passengerType: 'adult', count: 2, unitMinor: 30_000 }];
    expect(validateServiceFee('300', 'per_passenger', 'CNY', quotedFareOf(two))).toEqual([]);
    expect(validateServiceFee('300.01', 'per_passenger', 'CNY', quotedFareOf(two)).map((e) => e.key)).toEqual(
      ['clientQuotes.validation.feeAboveFare'],
    );
    expect(validateServiceFee('600', 'per_booking', 'CNY', quotedFareOf(two))).toEqual([]);
  });
});
