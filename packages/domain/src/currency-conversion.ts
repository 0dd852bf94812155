import { CURRENCIES, isCurrency, type Currency } from './currency';

/**
 * Money conversion on exact decimals. Amounts are integer minor units; rates are decimal strings
 * (units of the target per one unit of the source). No step goes through a binary float.
 */

/** A decimal as an integer and a power of ten: `-12.50` is `{ units: -1250n, scale: 2 }`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$|^([+-]?)\.(\d+)$/;

/** Reads a plain decimal string (`12`, `-0.5`, `.5`, `3.`); undefined for anything else. */
export function parseDecimal(text: string): Decimal | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const sign = match[1] ?? match[4] ?? '';
  const whole = match[2] ?? '0';
  const fraction = match[3] ?? match[5] ?? '';
  const units = BigInt(whole + fraction);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** The exact decimal digits of a finite number, without exponent notation (`1e-7` → `0.0000001`). */
export function plainNumberString(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const digits = (match[2] ?? '') + (match[3] ?? '');
  const point = (match[2] ?? '').length + Number(match[4]);
  const body =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (match[1] ?? '') + body;
}

const ZERO_DIGIT_CURRENCIES: ReadonlySet<Currency> = new Set<Currency>(['JPY', 'KRW']);

/**
 * Minor-unit digits of each portal currency (ISO 4217): 0 for JPY and KRW, 2 for the others. The
 * one table of a currency's decimals; the API and the web read it through `minorDigits`.
 */
export const CURRENCY_DIGITS: Readonly<Record<Currency, number>> = Object.fromEntries(
  CURRENCIES.map((code) => [code, ZERO_DIGIT_CURRENCIES.has(code) ? 0 : 2]),
) as Record<Currency, number>;

/** Minor-unit digits of a currency (2 for a code the portal does not list). */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  return isCurrency(code) ? CURRENCY_DIGITS[code] : 2;
}

/** `'12.34'` with 2 digits → 1234. Throws RangeError on malformed text or digits it would lose. */
export function toMinor(amount: string, digits: number): number {
  checkDigits(digits);
  const decimal = parseDecimal(amount);
  if (!decimal) throw new RangeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  const scaled = rescale(decimal, digits);
  if (scaled === undefined) throw new RangeError(`${amount} has more than ${digits} decimal digits`);
  const minor = Number(scaled);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${amount} is too large`);
  return minor;
}

/** 1234 with 2 digits → `'12.34'`; the exact inverse of `toMinor`. */
export function fromMinor(minor: number, digits: number): string {
  checkDigits(digits);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer minor amount: ${minor}`);
  const magnitude = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (digits === 0) return sign + magnitude;
  return `${sign}${magnitude.slice(0, -digits)}.${magnitude.slice(-digits)}`;
}

export interface CurrencyDigits {
  currency?: string;
  digits: number;
}

/**
 * Spec §9 "prices converted by rate round up": the converted amount, rounded up to the target's
 * minor unit and returned in target units (138.9 for 138.90). Negative amounts (refunds) round
 * away from zero, so a refund shows the same figure as the charge it reverses.
 */
export function convertForDisplay(
  amountMinor: number,
  from: CurrencyDigits,
  rate: string,
  to: CurrencyDigits,
): number {
  const minor = convertMinor(amountMinor, from, rate, to);
  return Number(fromMinor(minor, to.digits));
}

/** Like `convertForDisplay` but in the target's integer minor units. */
export function convertMinor(
  amountMinor: number,
  from: CurrencyDigits,
  rate: string,
  to: CurrencyDigits,
): number {
  checkDigits(from.digits);
  checkDigits(to.digits);
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`Not an integer minor amount: ${amountMinor}`);
  const parsed = parseDecimal(rate);
  if (!parsed || parsed.units <= 0n) throw new RangeError(`Not a positive rate: ${JSON.stringify(rate)}`);
  const numerator = BigInt(amountMinor) * parsed.units * 10n ** BigInt(to.digits);
  const denominator = 10n ** BigInt(from.digits + parsed.scale);
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (magnitude + denominator - 1n) / denominator;
  return Number(numerator < 0n ? -rounded : rounded);
}

/** Spec §9: a settlement amount under 10 shows 2 decimals, otherwise 0 (by magnitude, for refunds). */
export function settlementDisplayDecimals(value: number): 0 | 2 {
  return Math.abs(value) < 10 ? 2 : 0;
}

function rescale(decimal: Decimal, digits: number): bigint | undefined {
  if (decimal.scale <= digits) return decimal.units * 10n ** BigInt(digits - decimal.scale);
  const factor = 10n ** BigInt(decimal.scale - digits);
  return decimal.units % factor === 0n ? decimal.units / factor : undefined;
}

function checkDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 8)
    throw new RangeError(`Bad minor digits: ${digits}`);
}
