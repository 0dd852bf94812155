import { CURRENCIES, isCurrency, type Currency } from '@portal/domain/currency';

/** The currencies offered in the switch: the site's list when it has one, else all of spec §3. */
export function selectableCurrencies(siteCurrencies: readonly string[] | undefined): Currency[] {
  const list = (siteCurrencies ?? []).filter(isCurrency);
  return list.length > 0 ? list : [...CURRENCIES];
}

/**
 * Price display of spec §5: rounds up to `decimals` (default 2) unless `noRound`, with thousands
 * separators; empty or unknown values show 0.
 */
export function formatPrice(value: unknown, decimals = 2, noRound = false): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return '0';
  const factor = 10 ** decimals;
  // Scale first and trim float noise (0.1 * 3) before rounding up.
  const scaled = Number((n * factor).toPrecision(12));
  const rounded = noRound ? n : Math.ceil(scaled) / factor;
  return rounded.toLocaleString('en-US', {
    minimumFractionDigits: noRound ? 0 : decimals,
    maximumFractionDigits: noRound ? 20 : decimals,
  });
}

/** Converts a CNY amount to the display currency with `rate` (units per CNY), rounding up (spec §9). */
export function convertFromCny(amount: number, rate: string, decimals = 2): number {
  const r = Number(rate);
  if (!Number.isFinite(amount) || !(r > 0)) return 0;
  const factor = 10 ** decimals;
  return Math.ceil(Number((amount * r * factor).toPrecision(12))) / factor;
}
