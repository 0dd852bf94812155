/** 1, 2 or 5 times a power of ten, at least `value`. */
function niceStep(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const factor = [1, 2, 5, 10].find((f) => f * power >= value - 1e-9) ?? 10;
  return factor * power;
}

/**
 * An axis from 0 that holds `max` in about `ticks` round steps (1, 2 or 5 times a power of ten);
 * `integer` axes (counts) never step by less than 1. An empty axis (max 0) goes up to one step.
 */
export function axisOf(max: number, ticks = 4, integer = false): { max: number; step: number } {
  const raw = max > 0 ? niceStep(max / ticks) : 1;
  const step = integer ? Math.max(1, raw) : raw;
  const top = Number((Math.ceil(max / step - 1e-9) * step).toPrecision(12));
  return { step, max: Math.max(step, top) };
}

/** Every how many days an axis label is written so that at most `most` labels show. */
export function labelStep(days: number, most = 8): number {
  return Math.max(1, Math.ceil(days / most));
}

/** The date pattern without its year (`DD/MM/YYYY` -> `DD/MM`), for the short labels of an axis. */
export function withoutYear(pattern: string): string {
  return pattern.replace(/^YYYY[^A-Za-z]?|[^A-Za-z]?YYYY$/, '');
}
