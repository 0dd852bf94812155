import { describe, expect, it } from 'vitest';
import {
  dayEndIn,
  dayStartIn,
  instantAt,
  instantOfLocalMinutes,
  localDate,
  localDateTime,
  wallClockAt,
} from './time-zones';

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

describe('dayStartIn and dayEndIn', () => {
  const span = (date: string, zone: string) => [
    dayStartIn(date, zone).toISOString(),
    dayEndIn(date, zone).toISOString(),
  ];

  it("gives an agency's calendar day as the instants it begins and ends", () => {
    expect(span('2026-12-01', 'Asia/Shanghai')).toEqual([
      '2026-11-30T16:00:00.000Z',
      '2026-12-01T16:00:00.000Z',
    ]);
    expect(span('2026-12-01', 'UTC')).toEqual(['2026-12-01T00:00:00.000Z', '2026-12-02T00:00:00.000Z']);
    expect(span('2026-12-01', 'America/Los_Angeles')).toEqual([
      '2026-12-01T08:00:00.000Z',
      '2026-12-02T08:00:00.000Z',
    ]);
  });

  it('follows half-hour and 45-minute offsets', () => {
    expect(span('2026-12-01', 'Asia/Kolkata')).toEqual([
      '2026-11-30T18:30:00.000Z',
      '2026-12-01T18:30:00.000Z',
    ]);
    expect(span('2026-12-01', 'Asia/Kathmandu')).toEqual([
      '2026-11-30T18:15:00.000Z',
      '2026-12-01T18:15:00.000Z',
    ]);
    // Adelaide (+09:30) moves to +10:30 at 02:00 on 4 October 2026: a day of 23 hours.
    expect(span('2026-10-04', 'Australia/Adelaide')).toEqual([
      '2026-10-03T14:30:00.000Z',
      '2026-10-04T13:30:00.000Z',
    ]);
  });

  it('gives days of 23 and 25 hours on DST changes', () => {
    expect(span('2026-03-29', 'Europe/Berlin')).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    expect(span('2026-11-01', 'America/New_York')).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ]);
  });

  it('starts a day whose midnight a DST change skips at its first instant', () => {
    // Beirut moves from 00:00 to 01:00 on 29 March 2026: the day begins at 01:00 (+03:00).
    expect(span('2026-03-29', 'Asia/Beirut')).toEqual([
      '2026-03-28T22:00:00.000Z',
      '2026-03-29T21:00:00.000Z',
    ]);
    expect(dayEndIn('2026-03-28', 'Asia/Beirut')).toEqual(dayStartIn('2026-03-29', 'Asia/Beirut'));
  });

  it('rolls over month and year ends, on both sides of the date line', () => {
    expect(dayEndIn('2026-12-31', 'Asia/Shanghai').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(span('2026-12-31', 'Pacific/Kiritimati')).toEqual([
      '2026-12-30T10:00:00.000Z',
      '2026-12-31T10:00:00.000Z',
    ]);
    expect(span('2026-12-31', 'Pacific/Pago_Pago')).toEqual([
      '2026-12-31T11:00:00.000Z',
      '2027-01-01T11:00:00.000Z',
    ]);
    expect(dayEndIn('2028-02-28', 'UTC').toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('answers a day found before with a Date of its own, and refuses an unknown zone every time', () => {
    const first = dayStartIn('2026-12-01', 'Asia/Shanghai');
    first.setTime(0);
    expect(dayStartIn('2026-12-01', 'Asia/Shanghai').toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(() => dayStartIn('2026-12-01', 'Not/A_Zone')).toThrow(RangeError);
    expect(() => dayEndIn('2026-12-01', 'Not/A_Zone')).toThrow(RangeError);
  });
});
