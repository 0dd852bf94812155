import { wallClockAt } from './wall-clock';

/** Offset of the zone from UTC at that instant, in ms (east positive), DST included. */
function offsetMs(utcMs: number, timeZone: string): number {
  const p = wallClockAt(utcMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return asUtc - Math.floor(utcMs / 60_000) * 60_000;
}

/** The UTC instant of a wall-clock time (`date` YYYY-MM-DD plus minutes after midnight) in a zone. */
export function zonedToUtc(date: string, minutesOfDay: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const guess = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, minutesOfDay);
  const first = guess - offsetMs(guess, timeZone);
  const second = guess - offsetMs(first, timeZone);
  return second;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` local wall-clock time of an instant in a zone. */
export function localTime(utcMs: number, timeZone: string): string {
  const p = wallClockAt(utcMs, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** Whole days between the calendar dates of two local times (`YYYY-MM-DD…`). */
export function dayDifference(fromLocal: string, toLocal: string): number {
  const a = Date.parse(`${fromLocal.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${toLocal.slice(0, 10)}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** The date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
