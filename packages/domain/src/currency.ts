/** Currencies the portal can display prices in (spec §3). */
export const CURRENCIES = [
  'CNY',
  'USD',
  'EUR',
  'HKD',
  'JPY',
  'GBP',
  'AUD',
  'CAD',
  'THB',
  'SGD',
  'CHF',
  'DKK',
  'MOP',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'RUB',
  'SEK',
  'TWD',
  'KRW',
  'ZAR',
  'ILS',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CNY';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
