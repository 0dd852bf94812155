import { describe, expect, it } from 'vitest';
import { wallClockAt } from './wall-clock';

describe('wallClockAt', () => {
  it('shows an instant as the wall clock of its zone, to the second, summer time included', () => {
    const at = Date.parse('2026-07-01T23:59:58Z');
    expect(wallClockAt(at, 'Asia/Shanghai')).toEqual({
      year: 2026,
      month: 7,
      day: 2,
      hour: 7,
      minute: 59,
      second: 58,
    });
    expect(wallClockAt(at, 'Europe/London')).toEqual({
      year: 2026,
      month: 7,
      day: 2,
      hour: 0,
      minute: 59,
      second: 58,
    });
  });

  it('gives midnight as hour 0, never 24', () => {
    expect(wallClockAt(Date.parse('2026-01-15T16:00:00Z'), 'Asia/Shanghai').hour).toBe(0);
  });
});
