import type { Locale } from '@portal/domain/locale';
import type { ReferenceData } from './use-reference-data';

interface Named {
  name: string;
  chineseName: string;
  traditionalName: string;
}

/** The name of an airport or city in the UI locale (en name, zh-cn chineseName, zh-tw traditionalName). */
export function localName(item: Named, locale: Locale): string {
  if (locale === 'zh-cn') return item.chineseName || item.name;
  if (locale === 'zh-tw') return item.traditionalName || item.chineseName || item.name;
  return item.name;
}

/** The localized name of an airport or city code; the code itself when unknown or not loaded. */
export function placeName(ref: ReferenceData | null, code: string, locale: Locale): string {
  const place = ref?.getAirport(code) ?? ref?.getCity(code);
  return place ? localName(place, locale) : code;
}

/** The airline's short name in the UI locale; the code when unknown or not loaded. */
export function airlineName(ref: ReferenceData | null, code: string, locale: Locale): string {
  const airline = ref?.getAirline(code);
  if (!airline) return code;
  if (locale === 'zh-cn') return airline.chineseShortName || airline.shortName;
  if (locale === 'zh-tw')
    return airline.traditionalShortName || airline.chineseShortName || airline.shortName;
  return airline.shortName;
}

const DISPLAY_LOCALES: Record<Locale, string> = { en: 'en', 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant' };

/** Country codes as names in the UI locale (Intl.DisplayNames), comma separated. */
export function countryList(codes: readonly string[], locale: Locale): string {
  if (codes.length === 0) return '';
  const names = new Intl.DisplayNames([DISPLAY_LOCALES[locale]], { type: 'region' });
  return codes.map((c) => names.of(c) ?? c).join(locale === 'en' ? ', ' : '、');
}
