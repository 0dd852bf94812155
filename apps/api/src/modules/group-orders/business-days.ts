import { instantAt, wallClockAt } from '../../platform/time-zones';

/**
 * Business days in a time zone: Monday to Friday, weekends skipped (spec §9 "quotes in 1 to 2
 * business days"). Public holidays are not modelled.
 */

/** When the working day starts if a request arrives on a weekend. */
export const BUSINESS_DAY_START_HOUR = 9;

/**
 * `days` business days after `at` in `timeZone`, at the same local time of day. A start on a
 * Saturday or Sunday counts from Monday at 09:00 local.
 */
export function addBusinessDays(at: Date, days: number, timeZone: string): Date {
  const start = wallClockAt(at, timeZone);
  let { hour, minute, second } = start;
  let cursor = Date.UTC(start.year, start.month - 1, start.day);
  const weekday = (t: number) => new Date(t).getUTCDay();
  const DAY = 86_400_000;
  if (weekday(cursor) === 6 || weekday(cursor) === 0) {
    while (weekday(cursor) === 6 || weekday(cursor) === 0) cursor += DAY;
    hour = BUSINESS_DAY_START_HOUR;
    minute = 0;
    second = 0;
  }
  let left = days;
  while (left > 0) {
    cursor += DAY;
    if (weekday(cursor) !== 6 && weekday(cursor) !== 0) left -= 1;
  }
  const day = new Date(cursor);
  return instantAt(timeZone, {
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour,
    minute,
    second,
  });
}

/** `from` plus the real delay until `to`, divided by TIME_SCALE (the demo runs days in minutes). */
export function scaledAt(from: Date, to: Date, timeScale: number): Date {
  const delay = Math.max(0, to.getTime() - from.getTime());
  return new Date(from.getTime() + Math.round(delay / Math.max(1, timeScale)));
}

/** `from` plus `ms` divided by TIME_SCALE. */
export function scaledAfter(from: Date, ms: number, timeScale: number): Date {
  return new Date(from.getTime() + Math.round(ms / Math.max(1, timeScale)));
}
