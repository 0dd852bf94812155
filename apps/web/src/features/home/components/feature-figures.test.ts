import { describe, expect, it } from 'vitest';
import { groupDigits } from './feature-figures';

describe('groupDigits', () => {
  const values = [0, 7, 42, 233, 999, 1000, 4288, 57607, 100000, 999999, 1000000, 12345678, 2_000_000_001];

  it.each(['en', 'zh-Hans', 'zh-Hant'])('writes whole numbers as Intl.NumberFormat does in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    for (const value of values) expect(groupDigits(value)).toBe(intl.format(value));
  });

  it('drops a fraction instead of rounding it up into another digit', () => {
    expect(groupDigits(1999.9)).toBe('1,999');
  });
});
