import { minorDigits, parseDecimal } from '@portal/domain/currency-conversion';

const TEN = 10n;

/**
 * The amount a top-up credits (spec §3): amount received × exchange rate, less the transaction fee
 * percent of it, rounded DOWN to `digits` decimals (a wallet is never credited more than was
 * received). Exact decimal arithmetic; undefined when an input is missing or not a decimal, or
 * the result is not above zero.
 */
export function topUpAmount(
  received: string | undefined,
  rate: string | undefined,
  feePercent: number | string | undefined,
  digits: number,
): string | undefined {
  const r = parseDecimal(received ?? '');
  const q = parseDecimal(rate ?? '');
  const f = parseDecimal(feePercent === undefined || feePercent === '' ? '0' : String(feePercent));
  if (!r || !q || !f || r.units < 0n || q.units < 0n || f.units < 0n) return undefined;
  const hundred = 100n * TEN ** BigInt(f.scale);
  if (f.units > hundred) return undefined;
  const numerator = r.units * q.units * (hundred - f.units) * TEN ** BigInt(digits);
  const denominator = TEN ** BigInt(r.scale + q.scale) * hundred;
  const minor = numerator / denominator;
  if (minor <= 0n) return undefined;
  const text = minor.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Minor units of a decimal text with at most `digits` decimals (undefined when it is not one). */
function minorOf(text: string, digits: number): bigint | undefined {
  const d = parseDecimal(text);
  if (!d || d.scale > digits) return undefined;
  return d.units * TEN ** BigInt(digits - d.scale);
}

/**
 * Whether a top-up credits more than it received: with an amount received, the amount credited
 * may be edited down (a bank's charges), never above the amount received × rate less the fee
 * (`topUpAmount`; nothing when the fee takes it all). Without an amount received there is nothing
 * to compare with.
 */
export function topUpAboveReceived(
  body: { amount: string; amountReceived?: string; exchangeRate: string; transactionFeePercent?: number },
  digits: number,
): boolean {
  if (body.amountReceived === undefined) return false;
  const credited = minorOf(body.amount, digits);
  const most = topUpAmount(body.amountReceived, body.exchangeRate, body.transactionFeePercent ?? 0, digits);
  if (credited === undefined) return false;
  return credited > (most === undefined ? 0n : (minorOf(most, digits) ?? 0n));
}

/** The fields of a form that credits money received (a sub-agency's top-up, the platform's funding). */
export interface ReceivedAmountFields {
  currency: string;
  amountReceived?: string;
  exchangeRate?: string;
  transactionFeePercent?: number | null;
}

/** The fields the amount credited follows (and is checked again after: a form's dependencies). */
export const AMOUNT_FOLLOWS: readonly string[] = [
  'currency',
  'amountReceived',
  'exchangeRate',
  'transactionFeePercent',
];

/**
 * The amount credited after the form's `changed` fields changed: worked out from the amount
 * received, rate and fee (`topUpAmount`); '' to clear one that no longer follows (nothing left
 * after the fee, or an input not yet a decimal); null to leave it as the user typed it.
 */
export function followedAmount(changed: object, all: ReceivedAmountFields): string | null {
  if (!Object.keys(changed).some((name) => AMOUNT_FOLLOWS.includes(name))) return null;
  const amount = topUpAmount(
    all.amountReceived,
    all.exchangeRate,
    all.transactionFeePercent ?? 0,
    minorDigits(all.currency),
  );
  if (amount !== undefined) return amount;
  return all.amountReceived?.trim() ? '' : null;
}

/**
 * The most that may be credited, when `body.amount` is above it (received × rate less the fee:
 * the amount may be lowered, never raised); null when the amount is within it or not yet given.
 */
export function creditedAboveReceived(body: {
  currency: string;
  amount: string;
  amountReceived?: string;
  exchangeRate: string;
  transactionFeePercent?: number;
}): string | null {
  const digits = minorDigits(body.currency);
  if (!body.amount || !topUpAboveReceived(body, digits)) return null;
  return topUpAmount(body.amountReceived, body.exchangeRate, body.transactionFeePercent, digits) ?? '0';
}
