import { describe, expect, it } from 'vitest';
import { PERCENT_ADJUSTMENT_MAX, PERCENT_ADJUSTMENT_MIN, PriceAdjustment } from './agency-config';

const adjustment = (unit: 'percent' | 'fixed', value: number) => ({
  category: 'domestic',
  unit,
  value,
  limit: 0,
});

describe('a price adjustment', () => {
  it('takes a percent from a near-total discount to a tenfold markup', () => {
    expect(PriceAdjustment.safeParse(adjustment('percent', PERCENT_ADJUSTMENT_MIN)).success).toBe(true);
    expect(PriceAdjustment.safeParse(adjustment('percent', 2.5)).success).toBe(true);
    expect(PriceAdjustment.safeParse(adjustment('percent', PERCENT_ADJUSTMENT_MAX)).success).toBe(true);
  });

  it('refuses a percent that would take the whole fare or more, on the value', () => {
    for (const value of [-100, -150]) {
      const result = PriceAdjustment.safeParse(adjustment('percent', value));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ code: 'too_small', path: ['value'] });
    }
  });

  it('refuses a percent above a tenfold markup', () => {
    const result = PriceAdjustment.safeParse(adjustment('percent', 1000.5));
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_big', path: ['value'] });
  });

  it('takes a fixed amount in whole minor units only, negative for a discount', () => {
    expect(PriceAdjustment.safeParse(adjustment('fixed', -5000)).success).toBe(true);
    expect(PriceAdjustment.safeParse(adjustment('fixed', 20000)).success).toBe(true);
    expect(PriceAdjustment.safeParse(adjustment('fixed', 12.5)).success).toBe(false);
  });
});
