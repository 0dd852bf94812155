import { CURRENCIES, type Currency } from '@portal/domain/currency';

/** Minor-unit digits of each portal currency (ISO 4217), read from the runtime's CLDR data. */
export const CURRENCY_DIGITS: Readonly<Record<Currency, number>> = Object.fromEntries(
  CURRENCIES.map((code) => [
    code,
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2,
  ]),
) as Record<Currency, number>;
