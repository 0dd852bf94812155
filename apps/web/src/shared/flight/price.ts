import { convertForDisplay, minorDigits, toMinor } from '@portal/domain/currency-conversion';
import { formatPrice, formatSettlementConversion } from '@portal/domain/price-display';

export interface DisplayCurrency {
  /** The user's chosen currency. */
  currency: string;
  /** Units of `currency` per one CNY. */
  rate: string;
}

/**
 * The rate from the settlement currency to the display currency, both quoted per one CNY: direct
 * when the settlement currency is CNY, else through CNY. Null when a rate is missing.
 */
export function crossRate(
  settlement: string,
  display: DisplayCurrency,
  settlementPerCny: string | undefined,
): string | null {
  if (settlement === 'CNY') return display.rate;
  const per = Number(settlementPerCny);
  const target = display.currency === 'CNY' ? 1 : Number(display.rate);
  if (!(per > 0) || !(target > 0)) return null;
  return (target / per).toPrecision(12);
}

/**
 * A settlement amount as the user sees it (spec §5, §9): the exact amount when the display currency
 * is the settlement currency; otherwise converted with the rate, rounded up, with 2 decimals under
 * 10 and none from 10 up (spec §9 settlement conversion), and thousands separators.
 */
export function displayAmount(
  amount: string,
  settlement: string,
  display: DisplayCurrency,
  rate: string | null,
): string {
  if (display.currency === settlement || rate === null) return formatPrice(amount, { noRounding: true });
  try {
    const from = { digits: minorDigits(settlement) };
    const to = { digits: minorDigits(display.currency) };
    const value = convertForDisplay(toMinor(amount, from.digits), from, rate, to);
    return formatSettlementConversion(value, to.digits);
  } catch {
    return formatPrice(amount, { noRounding: true });
  }
}
