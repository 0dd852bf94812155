import { parseDecimal, plainNumberString } from './currency-conversion';

/**
 * A price adjustment (spec §3 "price adjustment per flight category", agency markup): a percent of
 * the price (2.5 means 2.5 %) or a fixed amount in minor units. Negative values are discounts.
 * `limit` caps the absolute size of the adjustment in minor units; 0 means unlimited (spec §9).
 */
export interface Adjustment {
  unit: 'percent' | 'fixed';
  value: number;
  limit: number;
}

/**
 * The price after one adjustment, in minor units: rounded half away from zero (so a discount and a
 * markup of the same size mirror each other), capped by `limit`, and never below 0.
 */
export function applyAdjustment(baseMinor: number, adjustment: Adjustment): number {
  checkBase(baseMinor);
  return Math.max(0, baseMinor + cappedDelta(baseMinor, adjustment));
}

export interface AdjustmentChainResult {
  total: number;
  /** What each adjustment added (negative: took off), in chain order; base + sum(steps) = total. */
  steps: number[];
}

/**
 * Applies the adjustments of an agency chain parent-first, each on the previous result, as each
 * level marks up the price it buys at.
 */
export function applyAdjustmentChain(
  baseMinor: number,
  adjustments: readonly Adjustment[],
): AdjustmentChainResult {
  checkBase(baseMinor);
  const steps: number[] = [];
  let total = baseMinor;
  for (const adjustment of adjustments) {
    const next = applyAdjustment(total, adjustment);
    steps.push(next - total);
    total = next;
  }
  return { total, steps };
}

function checkBase(baseMinor: number): void {
  if (!Number.isSafeInteger(baseMinor) || baseMinor < 0) {
    throw new RangeError(`Not a non-negative minor amount: ${baseMinor}`);
  }
}

function cappedDelta(baseMinor: number, { unit, value, limit }: Adjustment): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not an adjustment value: ${value}`);
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`Not a limit in minor units: ${limit}`);
  const delta = unit === 'percent' ? percentOf(baseMinor, value) : roundHalfAway(value);
  if (limit === 0 || Math.abs(delta) <= limit) return delta;
  return delta < 0 ? -limit : limit;
}

/** base × value / 100 on exact decimals, so 2.5 % of 10,001 is 250 and not a float near 250.025. */
function percentOf(baseMinor: number, percent: number): number {
  const decimal = parseDecimal(plainNumberString(percent));
  if (!decimal) throw new RangeError(`Not a percent: ${percent}`);
  const numerator = BigInt(baseMinor) * decimal.units;
  const denominator = 100n * 10n ** BigInt(decimal.scale);
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return Number(numerator < 0n ? -rounded : rounded);
}

function roundHalfAway(value: number): number {
  const rounded = Math.round(Math.abs(value));
  return value < 0 ? -rounded : rounded;
}
