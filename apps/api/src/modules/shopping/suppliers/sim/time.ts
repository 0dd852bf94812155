import { instantOfLocalMinutes, localDateTime } from '../../../../platform/time-zones';

/** The UTC instant of a wall-clock time (`date` YYYY-MM-DD plus minutes after midnight) in a zone. */
export function zonedToUtc(date: string, minutesOfDay: number, timeZone: string): number {
  return instantOfLocalMinutes(date, minutesOfDay, timeZone).getTime();
}

/** `YYYY-MM-DDTHH:mm` local wall-clock time of an instant in a zone. */
export function localTime(utcMs: number, timeZone: string): string {
  return localDateTime(utcMs, timeZone);
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

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
