const HH_MM = /^(\d{1,3}):([0-5]\d)$/;

/**
 * Spec §9 "Duration 'HH:MM' shows as HhMm": `'02:05'` and 125 both show `2h5m`. Both parts are
 * always shown (`1h0m`, `0h45m`), as the spec writes the form. Hours may pass 24 (`26h30m`).
 * Malformed or negative input shows an empty string, so a bad field never prints `NaNhNaNm`.
 */
export function formatDuration(duration: string | number): string {
  const minutes = durationMinutes(duration);
  if (minutes === undefined) return '';
  return `${Math.floor(minutes / 60)}h${minutes % 60}m`;
}

/** Minutes of a `'HH:MM'` duration or a whole number of minutes; undefined if malformed. */
export function durationMinutes(duration: string | number): number | undefined {
  if (typeof duration === 'number') {
    return Number.isSafeInteger(duration) && duration >= 0 ? duration : undefined;
  }
  const match = HH_MM.exec(duration.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}
