/**
 * Calendar dates as GDS text writes them (`05JAN24`, `05JAN`), resolved to ISO `YYYY-MM-DD`.
 * All arithmetic is on calendar days in UTC, so the answer never depends on the machine's zone.
 */

export const MONTH_CODES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;

/**
 * How a two-digit year is read. `rule` is spec §5 (birth dates: above the current two-digit year
 * means the 1900s). `future` always means 20yy: a flight or a passport expiry is never in the 1900s,
 * and `rule` would turn a 2030 expiry, written `30`, into 1930.
 */
export type CenturyMode = 'rule' | 'future';

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const DD_MON = /^(\d{1,2})([A-Z]{3})$/;
const DD_MON_YY = /^(\d{1,2})([A-Z]{3})(\d{2})$/;

/** The calendar day of `today`: a Date is read in UTC, a string by its leading `YYYY-MM-DD`. */
export function calendarDay(today: Date | string): CalendarDay {
  if (typeof today !== 'string') {
    return { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() };
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  const day = match && toDay(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!day) throw new RangeError(`Not a YYYY-MM-DD date: ${today}`);
  return day;
}

/** `YYYY-MM-DD` for a calendar day. */
export function isoDate({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** The ISO date `days` calendar days after `date` (negative goes back). */
export function addDays(date: Date | string, days: number): string {
  const { year, month, day } = calendarDay(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(calendarDay(shifted));
}

/** Days since 1970-01-01 of a calendar day, for differences between dates. */
export function dayNumber(date: Date | string): number {
  const { year, month, day } = calendarDay(date);
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** Spec §5: a two-digit year up to the current two-digit year is 20yy, above it 19yy. */
export function resolveTwoDigitYear(yy: number, today: Date | string): number {
  if (!Number.isInteger(yy) || yy < 0 || yy > 99) throw new RangeError(`Not a two-digit year: ${yy}`);
  const current = calendarDay(today).year % 100;
  return yy <= current ? 2000 + yy : 1900 + yy;
}

/** Parses `05JAN24` or `5jan24` to `YYYY-MM-DD`; undefined for text that is not a real date. */
export function parseDdMonYy(
  text: string,
  today: Date | string,
  options: { century?: CenturyMode } = {},
): string | undefined {
  const match = DD_MON_YY.exec(text.trim().toUpperCase());
  if (!match) return undefined;
  const yy = Number(match[3]);
  const year = options.century === 'future' ? 2000 + yy : resolveTwoDigitYear(yy, today);
  const day = toDay(year, monthNumber(match[2]), Number(match[1]));
  return day && isoDate(day);
}

/** Parses a year-less GDS date (`05JAN`) to its next occurrence on or after today. */
export function parseDdMon(text: string, today: Date | string): string | undefined {
  const match = DD_MON.exec(text.trim().toUpperCase());
  if (!match) return undefined;
  const month = monthNumber(match[2]);
  const dayOfMonth = Number(match[1]);
  const now = isoDate(calendarDay(today));
  // Eight years always reach a leap year, so 29FEB resolves too.
  for (let year = Number(now.slice(0, 4)); year <= Number(now.slice(0, 4)) + 8; year++) {
    const day = toDay(year, month, dayOfMonth);
    if (day && isoDate(day) >= now) return isoDate(day);
    if (!day && !(month === 2 && dayOfMonth === 29)) return undefined;
  }
  return undefined;
}

function monthNumber(code: string | undefined): number {
  return MONTH_CODES.findIndex((m) => m === code) + 1;
}

function toDay(year: number, month: number, day: number): CalendarDay | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : undefined;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
