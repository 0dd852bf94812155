/** A round upper bound for an axis: 1, 2 or 5 times a power of ten, at least `max` (and at least 1). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((f) => f * power >= max) ?? 10;
  return step * power;
}

/** Every how many days an axis label is written so that at most `most` labels show. */
export function labelStep(days: number, most = 8): number {
  return Math.max(1, Math.ceil(days / most));
}

/** The date pattern without its year (`DD/MM/YYYY` -> `DD/MM`), for the short labels of an axis. */
export function withoutYear(pattern: string): string {
  return pattern.replace(/^YYYY[^A-Za-z]?|[^A-Za-z]?YYYY$/, '');
}
