import { describe, expect, it } from 'vitest';
import { isAbsurdJump, isValidRate, RateOverrideBody } from './platform-rates';

describe('platform rates rules', () => {
  it.each([
    ['0.1389', true],
    ['192.35', true],
    ['0', false],
    ['-1', false],
    ['1e3', false],
    ['abc', false],
    ['10000000', false],
    ['', false],
  ])('isValidRate(%s) is %s', (text, valid) => {
    expect(isValidRate(text)).toBe(valid);
  });

  it.each([
    ['0.1389', '0.1400', false],
    ['0.1389', '0.1736', false],
    ['0.1389', '0.1737', true],
    ['21.05', '2.105', true],
    ['21.05', '16.85', false],
    ['21.05', '16.83', true],
  ])('a feed rate from %s to %s is absurd: %s', (before, after, absurd) => {
    expect(isAbsurdJump(before, after)).toBe(absurd);
  });

  it('an override needs a reason', () => {
    expect(RateOverrideBody.safeParse({ rate: '0.15', reason: '' }).success).toBe(false);
    expect(RateOverrideBody.safeParse({ rate: '0.15', reason: 'Bank rate' }).success).toBe(true);
  });
});
