import {
  parseDecimal,
  plainNumberString,
  settlementDisplayDecimals,
  type Decimal,
} from './currency-conversion';

/**
 * Digits beyond this many decimals are treated as binary floating-point noise before rounding up:
 * 2.00000000001 is 2 that went through a float, not a price a hair above 2, so it shows 2.00, while
 * 1.005 and 1234.561 are real digits and round up to 1.01 and 1,234.57. The noise is removed by
 * rounding half-up at this scale; it must stay well above any currency's minor unit.
 */
export const FLOAT_NOISE_DECIMALS = 9;
const MAX_DECIMALS = 20;

export interface PriceDisplayOptions {
  /** Decimals to round up to, default 2; clamped to 0..20. */
  decimals?: number;
  /** Show the digits as given (no rounding, no padding), still with thousands separators. */
  noRounding?: boolean;
}

/**
 * Spec §5 price display: rounds up to `decimals` (default 2) and always shows that many decimals,
 * with thousands separators (`1,234.57`); empty or unknown values show `0`. Negative amounts
 * (refunds) round away from zero, so `-1.231` shows `-1.24`, the mirror of `1.231`.
 */
export function formatPrice(
  value: number | string | null | undefined,
  options: PriceDisplayOptions = {},
): string {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? plainNumberString(value) : '') : (value ?? '');
  const decimal = parseDecimal(text.replace(/,/g, ''));
  if (!decimal) return '0';
  if (options.noRounding) return group(decimal, decimal.scale);
  const decimals = Math.min(MAX_DECIMALS, Math.max(0, Math.trunc(options.decimals ?? 2)));
  const denoised = roundHalfUp(decimal, Math.max(FLOAT_NOISE_DECIMALS, decimals));
  return group(roundUpMagnitude(denoised, decimals), decimals);
}

/**
 * Spec §9 settlement conversion display: an amount converted from the settlement currency shows
 * 2 decimals under 10 and none from 10 up (by magnitude, so a refund mirrors its charge), never more
 * decimals than the target currency has (`minorDigits`), rounded up like every converted price.
 */
export function formatSettlementConversion(value: number, minorDigits: number): string {
  const decimals = Math.min(Math.max(0, Math.trunc(minorDigits)), settlementDisplayDecimals(value));
  return formatPrice(value, { decimals });
}

function roundHalfUp({ units, scale }: Decimal, to: number): Decimal {
  if (scale <= to) return { units, scale };
  const factor = 10n ** BigInt(scale - to);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude + factor / 2n) / factor;
  return { units: units < 0n ? -rounded : rounded, scale: to };
}

function roundUpMagnitude({ units, scale }: Decimal, to: number): Decimal {
  if (scale <= to) return { units: units * 10n ** BigInt(to - scale), scale: to };
  const factor = 10n ** BigInt(scale - to);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude + factor - 1n) / factor;
  return { units: units < 0n ? -rounded : rounded, scale: to };
}

function group({ units }: Decimal, scale: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = scale > 0 ? `.${digits.slice(-scale)}` : '';
  return `${units < 0n ? '-' : ''}${whole}${fraction}`;
}
