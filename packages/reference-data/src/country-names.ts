import type { Locale } from '@portal/domain/locale';

const INTL_LOCALE: Record<Locale, string> = { en: 'en', 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant' };

/**
 * Names that differ from CLDR in travel usage. CLDR (Node 20 ICU) gives "Hong Kong SAR China" /
 * "中国香港特别行政区" / "中國香港特別行政區"; booking screens use the short forms. zh-Hant from CLDR is
 * already Taiwan usage (紐西蘭, 澳洲, 義大利, 杜拜 is a city), so nothing else is overridden.
 */
const OVERRIDES: Record<Locale, Readonly<Record<string, string>>> = {
  en: { HK: 'Hong Kong', MO: 'Macau' },
  'zh-cn': { HK: '中国香港', MO: '中国澳门', TW: '中国台湾' },
  'zh-tw': { HK: '香港', MO: '澳門', TW: '台灣' },
};

const displayNames = new Map<Locale, Intl.DisplayNames>();

/** Country (region) name of an ISO 3166-1 alpha-2 code in a portal locale; the code itself when unknown. */
export function countryName(code: string, locale: Locale): string {
  const upper = code.trim().toUpperCase();
  const override = OVERRIDES[locale][upper];
  if (override) return override;
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(upper) ?? upper;
  } catch {
    return upper;
  }
}
