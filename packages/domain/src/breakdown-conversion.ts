import { parseDecimal, type CurrencyDigits } from './currency-conversion';

/** A breakdown converted to another currency: its parts and their total, in the target's minor units. */
export interface ConvertedBreakdown {
  /** One amount per given part, in the same order; they always sum to `total`. */
  parts: number[];
  total: number;
}

/**
 * Converts the parts of a price breakdown (integer minor units of `from`) with `rate` (units of the
 * target per one unit of the source) so that the shown parts add up to the shown total.
 *
 * The total is the exact converted sum rounded up like every converted price (spec §9; away from
 * zero for a negative sum, as `convertMinor`). Each part first gets its exact value rounded down
 * to the target's minor unit (`CURRENCY_DIGITS` through `to.digits`); the minor units still
 * missing to reach the total go one each to the parts with the largest remainders (the earlier
 * part first on a tie); a negative breakdown is the mirror of the positive one. So every part is within one minor unit of its exact value, and
 * `sum(parts) === total` always. Exact integer arithmetic throughout, no binary float.
 */
export function convertBreakdown(
  partsMinor: readonly number[],
  from: CurrencyDigits,
  rate: string,
  to: CurrencyDigits,
): ConvertedBreakdown {
  checkDigits(from.digits);
  checkDigits(to.digits);
  for (const part of partsMinor) {
    if (!Number.isSafeInteger(part)) throw new RangeError(`Not an integer minor amount: ${part}`);
  }
  const sign = partsMinor.reduce((a, b) => a + b, 0) < 0 ? -1n : 1n;
  const parsed = parseDecimal(rate);
  if (!parsed || parsed.units <= 0n) throw new RangeError(`Not a positive rate: ${JSON.stringify(rate)}`);
  const scale = parsed.units * 10n ** BigInt(to.digits);
  const denominator = 10n ** BigInt(from.digits + parsed.scale);

  // A negative breakdown (a refund) is the mirror of the positive one: computed on the negated parts.
  const exact = partsMinor.map((part) => sign * BigInt(part) * scale);
  const floors = exact.map((n) => floorDiv(n, denominator));
  const remainders = exact.map((n, i) => n - (floors[i] ?? 0n) * denominator);
  const sum = exact.reduce((a, b) => a + b, 0n);
  const total = -floorDiv(-sum, denominator);

  let missing = total - floors.reduce((a, b) => a + b, 0n);
  const byRemainder = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const parts = [...floors];
  for (const { index } of byRemainder) {
    if (missing <= 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    missing -= 1n;
  }
  return { parts: parts.map((part) => toSafeNumber(sign * part)), total: toSafeNumber(sign * total) };
}

/** Floor division of bigints (rounds toward negative infinity; `denominator` > 0). */
function floorDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator < 0n ? quotient - 1n : quotient;
}

function toSafeNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`${value} is too large`);
  return number;
}

function checkDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 8)
    throw new RangeError(`Bad minor digits: ${digits}`);
}
