import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAdjustment, applyAdjustmentChain, type Adjustment } from './markup';

const percent = (value: number, limit = 0): Adjustment => ({ unit: 'percent', value, limit });
const fixed = (value: number, limit = 0): Adjustment => ({ unit: 'fixed', value, limit });

describe('applyAdjustment', () => {
  it.each([
    ['2.5 % of 100.00', 10_000, percent(2.5), 10_250],
    ['2.5 % of 100.01 (250.025) rounds down to 250', 10_001, percent(2.5), 10_251],
    ['2.5 % of 100.03 (250.075) rounds down to 250', 10_003, percent(2.5), 10_253],
    ['0.5 % of 1.00 is exactly half a cent, rounded up', 100, percent(0.5), 101],
    ['a 0 % markup changes nothing', 12_345, percent(0), 12_345],
    ['a fixed 50.00 markup', 10_000, fixed(5000), 15_000],
    ['a fixed fractional markup rounds half-up', 10_000, fixed(12.5), 10_013],
    ['a 3 % discount', 10_000, percent(-3), 9700],
    ['a 0.5 % discount of 1.00 rounds half away from zero', 100, percent(-0.5), 99],
    ['a fixed discount', 10_000, fixed(-2500), 7500],
  ])('%s', (_name, base, adjustment, expected) => {
    expect(applyAdjustment(base, adjustment)).toBe(expected);
  });

  it('treats limit 0 as unlimited (spec §9)', () => {
    expect(applyAdjustment(1_000_000, percent(10, 0))).toBe(1_100_000);
    expect(applyAdjustment(1_000_000, fixed(900_000, 0))).toBe(1_900_000);
  });

  it.each([
    ['caps a percent markup at the limit', 1_000_000, percent(10, 5000), 1_005_000],
    ['caps a fixed markup at the limit', 10_000, fixed(9000, 1000), 11_000],
    ['caps a discount at the limit', 1_000_000, percent(-10, 5000), 995_000],
    ['leaves an adjustment equal to the limit alone', 10_000, percent(10, 1000), 11_000],
    ['leaves an adjustment under the limit alone', 10_000, percent(5, 1000), 10_500],
  ])('%s', (_name, base, adjustment, expected) => {
    expect(applyAdjustment(base, adjustment)).toBe(expected);
  });

  it('never takes a price below 0', () => {
    expect(applyAdjustment(1000, fixed(-5000))).toBe(0);
    expect(applyAdjustment(1000, percent(-150))).toBe(0);
  });

  it.each([
    ['a negative base', -1, percent(1)],
    ['a fractional base', 1.5, percent(1)],
    ['a negative limit', 100, percent(1, -1)],
    ['a fractional limit', 100, percent(1, 0.5)],
    ['a NaN value', 100, fixed(Number.NaN)],
  ])('rejects %s', (_name, base, adjustment) => {
    expect(() => applyAdjustment(base, adjustment)).toThrow(RangeError);
  });

  it('never moves the price by more than the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.integer({ min: 1, max: 1e6 }),
        (base, value, limit) => {
          expect(Math.abs(applyAdjustment(base, percent(value, limit)) - base)).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });
});

describe('applyAdjustmentChain: parent first, each on the previous result', () => {
  it('applies each agency level to the price the level below buys at', () => {
    const result = applyAdjustmentChain(10_000, [percent(10), fixed(500), percent(-2)]);
    // 10,000 → 11,000 → 11,500 → 11,270
    expect(result).toEqual({ total: 11_270, steps: [1000, 500, -230] });
  });

  it('compounds percentages instead of adding them', () => {
    expect(applyAdjustmentChain(10_000, [percent(10), percent(10)]).total).toBe(12_100);
  });

  it('records the clamped step when a discount would pass 0', () => {
    expect(applyAdjustmentChain(1000, [fixed(-1500), fixed(200)])).toEqual({
      total: 200,
      steps: [-1000, 200],
    });
  });

  it('returns the base for an empty chain, and still checks it', () => {
    expect(applyAdjustmentChain(777, [])).toEqual({ total: 777, steps: [] });
    expect(() => applyAdjustmentChain(-1, [])).toThrow(RangeError);
  });
});
