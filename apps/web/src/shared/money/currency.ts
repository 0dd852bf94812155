import { CURRENCIES, isCurrency, type Currency } from '@portal/domain/currency';

/** The currencies offered in the switch: the site's list when it has one, else all of spec §3. */
export function selectableCurrencies(siteCurrencies: readonly string[] | undefined): Currency[] {
  const list = (siteCurrencies ?? []).filter(isCurrency);
  return list.length > 0 ? list : [...CURRENCIES];
}
