import { describe, expect, it } from 'vitest';
import { instantAt, instantOfLocalMinutes, localDate, localDateTime, wallClockAt } from './time-zones';

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

describe('instantAt', () => {
  it('finds the instant a wall clock shows, on either side of a change of offset', () => {
    expect(instantAt('Asia/Shanghai', { year: 2026, month: 1, day: 15, hour: 9 }).toISOString()).toBe(
      '2026-01-15T01:00:00.000Z',
    );
    expect(instantAt('Europe/Berlin', { year: 2026, month: 3, day: 30, hour: 9 }).toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    expect(instantAt('Europe/Berlin', { year: 2026, month: 3, day: 27, hour: 9 }).toISOString()).toBe(
      '2026-03-27T08:00:00.000Z',
    );
  });

  it('gives the instant an hour later for a time a DST gap skips', () => {
    expect(
      instantAt('America/New_York', { year: 2026, month: 3, day: 8, hour: 2, minute: 30 }).toISOString(),
    ).toBe('2026-03-08T07:30:00.000Z');
  });

  it('refuses an unknown zone as Intl does', () => {
    expect(() => instantAt('Not/A_Zone', { year: 2026, month: 1, day: 1 })).toThrow(RangeError);
    expect(() => localDate(new Date(), 'Not/A_Zone')).toThrow(RangeError);
  });
});

describe('local dates and times', () => {
  it('names the calendar day and the time an instant shows in a zone', () => {
    const at = new Date('2026-05-01T16:30:00Z');
    expect(localDate(at, 'Asia/Shanghai')).toBe('2026-05-02');
    expect(localDate(at, 'America/New_York')).toBe('2026-05-01');
    expect(localDateTime(at, 'Asia/Shanghai')).toBe('2026-05-02T00:30');
  });

  it('rolls minutes past midnight over to the next days', () => {
    expect(instantOfLocalMinutes('2026-05-01', 24 * 60 + 90, 'Asia/Shanghai').toISOString()).toBe(
      '2026-05-01T17:30:00.000Z',
    );
  });
});
