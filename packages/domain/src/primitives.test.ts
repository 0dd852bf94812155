import { describe, expect, it } from 'vitest';
import { CalendarDate, CalendarMonth, isCalendarDate, isCleanText } from './primitives';

describe('input primitives', () => {
  it.each([
    ['plain', true],
    ['汉字 and emoji 😀', true],
    ['a\u0000b', false],
    ['lone \ud800 high', false],
    ['lone \udc00 low', false],
  ])('isCleanText(%j) = %s', (text, expected) => {
    expect(isCleanText(text)).toBe(expected);
  });

  it.each([
    ['2026-11-23', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['9999-12-31', false],
    ['1899-12-31', false],
    ['2199-12-31', true],
    ['26-01-01', false],
  ])('isCalendarDate(%s) = %s', (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
    expect(CalendarDate.safeParse(text).success).toBe(expected);
  });

  it('months have the same range', () => {
    expect(CalendarMonth.safeParse('2026-11').success).toBe(true);
    expect(CalendarMonth.safeParse('9999-01').success).toBe(false);
    expect(CalendarMonth.safeParse('2026-00').success).toBe(false);
  });
});
