import { convertBreakdown } from '@portal/domain/breakdown-conversion';
import { convertForDisplay, fromMinor, minorDigits, toMinor } from '@portal/domain/currency-conversion';
import { formatPrice, formatSettlementConversion } from '@portal/domain/price-display';
import type { PriceDetail } from '@portal/domain/shopping';

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

/** The shown amounts of one passenger type's row of a price breakdown. */
export interface BreakdownRowAmounts {
  price: string;
  tax: string;
  fuelSurcharge: string;
  airportTax: string;
  salePrice: string;
}

/** A price breakdown as the user sees it: one row per passenger type, in order, and the total. */
export interface DisplayedBreakdown {
  rows: BreakdownRowAmounts[];
  total: string;
}

/**
 * A price breakdown in the display currency, whose shown parts add up to its shown total: each
 * row's fare, taxes and the agency's adjustment (`salePrice` less the others) are converted
 * together by the domain's `convertBreakdown` (largest remainder in the display currency's minor
 * units), so they sum to the row's converted sale price; the total is the sum of the converted
 * sale prices times their passenger counts. Every amount shows the currency's minor digits
 * (`72.00`, not the lone amount's `72`), so the sums can be checked on screen. In the settlement
 * currency (or without a rate) the exact amounts are shown, as `displayAmount` does.
 */
export function displayBreakdown(
  detail: PriceDetail,
  settlement: string,
  display: DisplayCurrency,
  rate: string | null,
): DisplayedBreakdown {
  const exact = (amount: string) => formatPrice(amount, { noRounding: true });
  const unconverted = (): DisplayedBreakdown => ({
    rows: detail.priceList.map((row) => ({
      price: exact(row.price),
      tax: exact(row.tax),
      fuelSurcharge: exact(row.fuelSurcharge),
      airportTax: exact(row.airportTax),
      salePrice: exact(row.salePrice),
    })),
    total: exact(detail.total.amount),
  });
  if (display.currency === settlement || rate === null) return unconverted();
  try {
    const from = { digits: minorDigits(settlement) };
    const to = { digits: minorDigits(display.currency) };
    const shown = (minor: number) => formatPrice(fromMinor(minor, to.digits), { decimals: to.digits });
    let totalMinor = 0;
    const rows = detail.priceList.map((row) => {
      const minor = (amount: string) => toMinor(amount, from.digits);
      const [price, tax, fuel, airportTax] = [
        minor(row.price),
        minor(row.tax),
        minor(row.fuelSurcharge),
        minor(row.airportTax),
      ];
      const adjustment = minor(row.salePrice) - price - tax - fuel - airportTax;
      const converted = convertBreakdown([price, tax, fuel, airportTax, adjustment], from, rate, to);
      const [p = 0, t = 0, f = 0, a = 0] = converted.parts;
      totalMinor += converted.total * row.count;
      return {
        price: shown(p),
        tax: shown(t),
        fuelSurcharge: shown(f),
        airportTax: shown(a),
        salePrice: shown(converted.total),
      };
    });
    return { rows, total: shown(totalMinor) };
  } catch {
    return unconverted();
  }
}
