import type { Currency } from '@portal/domain/currency';
import {
  fromMinor as minorToDecimal,
  minorDigits,
  toMinor as decimalToMinor,
} from '@portal/domain/currency-conversion';
import { MAX_REQUEST_AMOUNT, MAX_WALLET_BALANCE } from '@portal/domain/limits';
import type { MoneyJson } from '@portal/domain/shopping';
import { fieldsAboveRequestMaximum, formatMaximum, maximumMinor } from '@portal/domain/wallet';
import { AppError } from '../../platform/errors';

/** Minor-unit digits of a currency (the domain's one table; 2 when unknown). */

/** Throws ILLEGAL_INPUT unless `amountMinor` is a positive safe integer. */
export function assertPositiveMinor(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new AppError('ILLEGAL_INPUT');
}

/** MAX_REQUEST_AMOUNT in minor units of `currency`. */
export function maxRequestMinor(currency: string): number {
  return maximumMinor(MAX_REQUEST_AMOUNT, minorDigits(currency));
}

/** MAX_WALLET_BALANCE in minor units of `currency`. */
export function maxWalletMinor(currency: string): number {
  return maximumMinor(MAX_WALLET_BALANCE, minorDigits(currency));
}

/** The 400 AMOUNT_ABOVE_MAXIMUM of one request field, naming the maximum. */
export function amountAboveMaximum(field: string): AppError {
  return new AppError(
    'AMOUNT_ABOVE_MAXIMUM',
    { max: formatMaximum(MAX_REQUEST_AMOUNT) },
    { field, max: String(MAX_REQUEST_AMOUNT) },
  );
}

/** Throws AMOUNT_ABOVE_MAXIMUM for the first of `fields` (decimal texts) above MAX_REQUEST_AMOUNT. */
export function assertWithinRequestMaximum(fields: Record<string, string | undefined>): void {
  const [field] = fieldsAboveRequestMaximum(fields);
  if (field !== undefined) throw amountAboveMaximum(field);
}

/** The 400 BALANCE_ABOVE_MAXIMUM of a wallet in `currency`, naming the maximum. */
export function balanceAboveMaximum(currency: string): AppError {
  return new AppError(
    'BALANCE_ABOVE_MAXIMUM',
    { max: formatMaximum(MAX_WALLET_BALANCE), currency },
    { currency, max: String(MAX_WALLET_BALANCE) },
  );
}

/**
 * Parses a decimal amount ("1234.5", "1234.50") into minor units, without floats. More
 * fraction digits than the currency has are refused (ILLEGAL_INPUT), never rounded away.
 */
export function toMinor(amount: string, currency: string): number {
  try {
    return decimalToMinor(amount.trim(), minorDigits(currency));
  } catch {
    throw new AppError('ILLEGAL_INPUT');
  }
}

/** Formats minor units as the currency's decimal string ("123450" CNY -> "1234.50"). */
export function fromMinor(amountMinor: number, currency: string): string {
  return minorToDecimal(amountMinor, minorDigits(currency));
}

/** The money JSON (`{amount: "1234.50", currency}`) of an amount in minor units. */
export function money(amountMinor: number, currency: string): MoneyJson {
  return { amount: fromMinor(amountMinor, currency), currency: currency as Currency };
}

/**
 * `percent` (a decimal string, up to 4 fraction digits) of `amountMinor`, rounded half up to
 * a whole minor unit, in integer arithmetic.
 */
export function percentOf(amountMinor: number, percent: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent.trim());
  if (!match) throw new AppError('ILLEGAL_INPUT');
  const scaled = BigInt(`${match[1] ?? '0'}${(match[2] ?? '').padEnd(4, '0')}`);
  const denominator = 1_000_000n;
  const product = BigInt(amountMinor) * scaled;
  return Number((product + denominator / 2n) / denominator);
}
