/*
 * Calendar dates (`YYYY-MM-DD`) as plain values; conversions between an instant and a zone's
 * wall-clock time are in `time-zones.ts`.
 */

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
