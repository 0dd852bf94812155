/**
 * An agency's time zone: an IANA name (`Asia/Shanghai`), a company setting that decides where its
 * statement months begin and end. Checked with the runtime's own zone data (`Intl`), in the
 * browser and the API alike.
 */

/** The zone of an agency that has not chosen one: the portal's home market. */
export const DEFAULT_AGENCY_TIME_ZONE = 'Asia/Shanghai';

/**
 * China Railway's calendar: 12306 dates and sells trains in Beijing time, so a train's "today"
 * (the earliest travel date, a passenger's birthday) is Beijing's day whatever the agency's zone,
 * as the API judges it (`BEIJING_TIME_ZONE` of its `platform/time-zones.ts`).
 */
export const RAIL_CALENDAR_TIME_ZONE = 'Asia/Shanghai';

/** The zones the company screen offers first (any other IANA name is accepted too). */
export const COMMON_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Jakarta',
  'Asia/Manila',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Moscow',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Vancouver',
  'Australia/Sydney',
  'Pacific/Auckland',
  'UTC',
] as const;

/** Area/Location names (`America/Argentina/Buenos_Aires`, `Etc/GMT+8`) and UTC; no offsets like `+08:00`. */
const ZONE_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/;

/**
 * Each zone's calendar-day formatter, by the name asked for (null: a zone the runtime does not
 * know). Building an `Intl.DateTimeFormat` costs far more than using one, and the search page's
 * form asks for the agency's day twice on every render: the profile of its first load (4x CPU)
 * showed about 170 ms in building them (docs/performance/lighthouse.md).
 * Bounded: names come from the agency's settings and the company form, a handful per visit.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();
const MAX_KEPT_ZONES = 64;

function dayFormatOf(name: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(name);
  if (format !== undefined) return format;
  if (name.length > 64 || !ZONE_NAME.test(name)) return null;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    format = null;
  }
  if (dayFormats.size >= MAX_KEPT_ZONES) dayFormats.clear();
  dayFormats.set(name, format);
  return format;
}

/** The runtime's canonical spelling of an IANA zone name; undefined for none it knows. */
export function canonicalTimeZone(name: string): string | undefined {
  return dayFormatOf(name)?.resolvedOptions().timeZone;
}

/** True for an IANA time zone name the runtime knows. */
export function isIanaTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== undefined;
}

/**
 * Zones of the common list whose offset from UTC has not changed since `FIXED_SINCE` (minutes east
 * of UTC), under the zone data of the runtimes this was checked with: no daylight saving, no
 * change of standard time. Their calendar day is read from the offset alone, without an
 * `Intl.DateTimeFormat`: a browser tab's first one costs 120 to 250 ms of main-thread time on a
 * mid-range phone (the runtime loading its date formatting data; Chromium, 4x CPU slowdown), inside
 * the search page's first render, and the default agency zone is one of these
 * (docs/performance/lighthouse.md). Every entry's offset is checked against the runtime's zone
 * data every 13 hours (each hour of the day in turn) from `FIXED_SINCE` to 2035
 * (`time-zone.test.ts`): should a zone's rules change, that test fails with the runtime update
 * that brings the change, and the entry goes.
 */
export const FIXED_OFFSET_ZONES: ReadonlyMap<string, number> = new Map([
  ['Asia/Shanghai', 480],
  ['Asia/Hong_Kong', 480],
  ['Asia/Macau', 480],
  ['Asia/Taipei', 480],
  ['Asia/Singapore', 480],
  ['Asia/Kuala_Lumpur', 480],
  ['Asia/Manila', 480],
  ['Asia/Tokyo', 540],
  ['Asia/Seoul', 540],
  ['Asia/Bangkok', 420],
  ['Asia/Ho_Chi_Minh', 420],
  ['Asia/Jakarta', 420],
  ['Asia/Kolkata', 330],
  ['Asia/Dubai', 240],
  ['Europe/Moscow', 180],
  ['UTC', 0],
]);

/** From this instant on (Moscow's last change, 26 October 2014, is before it) the offsets above hold. */
export const FIXED_SINCE = Date.UTC(2015, 0, 1);

/** The year, month and day `at` shows in `timeZone` (an unknown zone: the default agency zone). */
function calendarPartsIn(timeZone: string, at: Date): { year: string; month: string; day: string } {
  const offset = FIXED_OFFSET_ZONES.get(timeZone);
  if (offset !== undefined && at.getTime() >= FIXED_SINCE) {
    const [year = '', month = '', day = ''] = new Date(at.getTime() + offset * 60_000)
      .toISOString()
      .slice(0, 10)
      .split('-');
    return { year, month, day };
  }
  const format = dayFormatOf(timeZone) ?? dayFormatOf(DEFAULT_AGENCY_TIME_ZONE);
  const parts = format?.formatToParts(at) ?? [];
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * The calendar month (`YYYY-MM`) it is at `at` in `timeZone`: the agency's current month, which
 * its statements start on. An unknown zone counts as the default agency zone.
 */
export function monthIn(timeZone: string, at: Date = new Date()): string {
  const { year, month } = calendarPartsIn(timeZone, at);
  return `${year}-${month}`;
}

/**
 * The calendar day (`YYYY-MM-DD`) it is at `at` in `timeZone`: the agency's "today", which the
 * journey and passenger rules judge dates against (the API does the same), whatever the browser's
 * own zone. An unknown zone counts as the default agency zone.
 */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  const { year, month, day } = calendarPartsIn(timeZone, at);
  return `${year}-${month}-${day}`;
}
