import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDay,
  dayNumber,
  parseDdMon,
  parseDdMonYy,
  resolveTwoDigitYear,
} from './two-digit-year';

const today = '2026-11-22';

describe('resolveTwoDigitYear (spec §5)', () => {
  it.each([
    [0, 2000],
    [24, 2024],
    [26, 2026],
    [27, 1927],
    [30, 1930],
    [99, 1999],
  ])('reads %i as %i when today is 2026-11-22', (yy, year) => {
    expect(resolveTwoDigitYear(yy, today)).toBe(year);
  });

  it('takes the current year from a Date in UTC', () => {
    expect(resolveTwoDigitYear(27, new Date('2027-01-01T00:30:00Z'))).toBe(2027);
    expect(resolveTwoDigitYear(27, new Date('2026-12-31T23:30:00Z'))).toBe(1927);
  });

  it.each([-1, 100, 2.5])('rejects %s as a two-digit year', (yy) => {
    expect(() => resolveTwoDigitYear(yy, today)).toThrow(RangeError);
  });
});

describe('parseDdMonYy', () => {
  it.each([
    ['05JAN24', 'rule', '2024-01-05'],
    ['05JAN30', 'rule', '1930-01-05'],
    ['5jan24', 'rule', '2024-01-05'],
    ['29FEB24', 'rule', '2024-02-29'],
    ['05JAN30', 'future', '2030-01-05'],
    ['31DEC99', 'future', '2099-12-31'],
    [' 22NOV26 ', 'rule', '2026-11-22'],
  ] as const)('reads %s under %s as %s', (text, century, iso) => {
    expect(parseDdMonYy(text, today, { century })).toBe(iso);
  });

  it('applies the spec rule when no mode is given', () => {
    expect(parseDdMonYy('01JAN50', today)).toBe('1950-01-01');
  });

  it.each(['31FEB24', '29FEB23', '00JAN24', '05XYZ24', '05JAN2024', '05JAN', '', 'JAN0524'])(
    'answers undefined for %j',
    (text) => {
      expect(parseDdMonYy(text, today)).toBeUndefined();
    },
  );
});

describe('parseDdMon: year-less GDS dates', () => {
  it.each([
    ['22NOV', '2026-11-22'],
    ['23NOV', '2026-11-23'],
    ['21NOV', '2027-11-21'],
    ['05JAN', '2027-01-05'],
    ['1dec', '2026-12-01'],
    ['29FEB', '2028-02-29'],
  ])('reads %s as its next occurrence on or after 2026-11-22: %s', (text, iso) => {
    expect(parseDdMon(text, today)).toBe(iso);
  });

  it.each(['31APR', '32JAN', '05JAN24', 'JAN'])('answers undefined for %s', (text) => {
    expect(parseDdMon(text, today)).toBeUndefined();
  });
});

describe('calendar helpers', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('numbers days from 1970-01-01 so that differences count calendar days', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2027-01-01') - dayNumber('2026-12-31')).toBe(1);
    expect(dayNumber(new Date('2026-11-22T23:59:00Z'))).toBe(dayNumber('2026-11-22'));
  });

  it('rejects a string that is not a calendar date', () => {
    expect(() => calendarDay('2026-02-30')).toThrow(RangeError);
    expect(() => calendarDay('tomorrow')).toThrow(RangeError);
  });
});
