import { TZDate } from '@date-fns/tz';
import { addDays } from './time';

/**
 * Every conversion between an instant and a wall-clock time of an IANA time zone (DST included)
 * goes through this module, on `@date-fns/tz`; no other file of the API adds offsets by hand.
 * An unknown zone throws a RangeError, as `Intl.DateTimeFormat` does.
 */

/** A wall-clock time in some zone, to the second (month 1-12, hour 0-23). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone of the Chinese railway's calendar and of schedules published in Beijing time. */
export const BEIJING_TIME_ZONE = 'Asia/Shanghai';

function checked(date: TZDate, timeZone: string): TZDate {
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock time an instant shows in an IANA time zone. */
export function wallClockAt(at: Date | number, timeZone: string): WallClock {
  const local = checked(new TZDate(typeof at === 'number' ? at : at.getTime(), timeZone), timeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: local.getSeconds(),
  };
}

/**
 * The instant whose wall clock in `timeZone` shows the given time. Fields past their range roll
 * over as in `Date` (minute 1500 is 01:00 the next day). A time skipped by a DST gap gives the
 * instant an hour later (02:30 gives 03:30); a time shown twice gives the instant @date-fns/tz picks.
 */
export function instantAt(
  timeZone: string,
  wall: Pick<WallClock, 'year' | 'month' | 'day'> & Partial<Pick<WallClock, 'hour' | 'minute' | 'second'>>,
): Date {
  const local = new TZDate(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
    timeZone,
  );
  return new Date(checked(local, timeZone).getTime());
}

/** The calendar date (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function localDate(at: Date | number, timeZone: string): string {
  const p = wallClockAt(at, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The local date and time (`YYYY-MM-DDTHH:mm`) an instant shows in `timeZone`. */
export function localDateTime(at: Date | number, timeZone: string): string {
  const p = wallClockAt(at, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The instant of `minutesOfDay` after midnight of `date` (`YYYY-MM-DD`) in `timeZone`. */
export function instantOfLocalMinutes(date: string, minutesOfDay: number, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return instantAt(timeZone, { year, month, day, minute: minutesOfDay });
}

/** The instant the local day of `at` ends in `timeZone`: its next local midnight (days of 23 or 25 hours included). */
export function endOfLocalDay(at: Date | number, timeZone: string): Date {
  const { year, month, day } = wallClockAt(at, timeZone);
  return instantAt(timeZone, { year, month, day: day + 1 });
}

/**
 * Day starts already found, by zone and day: a `TZDate` costs about 0.1 ms (it builds its zone's
 * formatter), and list filters ask for the same few days of the same few zones again and again.
 * Zone rules do not change while the process runs. Bounded: emptied when full.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 4_096;

/**
 * The first instant of the calendar day `date` (`YYYY-MM-DD`) in `timeZone`: its local midnight,
 * or the hour after where a DST change skips midnight. A list's "from day" is the agency's day,
 * not the UTC one: an agent in Shanghai filtering 1 December means from 1 December 00:00 Beijing
 * time (30 November 16:00 UTC).
 */
export function dayStartIn(date: string, timeZone: string): Date {
  const key = `${timeZone};${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
    start = instantAt(timeZone, { year, month, day }).getTime();
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/**
 * The first instant after the calendar day `date` in `timeZone` (the next day's start): a list's
 * "to day", both days included, is `createdAt < dayEndIn(to)`. Days of 23 or 25 hours included.
 */
export function dayEndIn(date: string, timeZone: string): Date {
  return dayStartIn(addDays(date, 1), timeZone);
}
