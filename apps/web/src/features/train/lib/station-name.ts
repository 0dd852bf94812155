import type { Locale } from '@portal/domain/locale';

/** Anything named like a station: the API's `StationRef` or the reference data's `Station`. */
export interface NamedStation {
  code: string;
  name: string;
  chineseName: string;
  traditionalName: string;
}

/** The station's name in the user's language (English, simplified or traditional Chinese). */
export function stationName(station: NamedStation, locale: Locale): string {
  if (locale === 'zh-cn') return station.chineseName;
  if (locale === 'zh-tw') return station.traditionalName;
  return station.name;
}

/** The picker's line: the name in the user's language, the Chinese name beside it, and the code. */
export function stationLabel(station: NamedStation, locale: Locale): string {
  const name = stationName(station, locale);
  const chinese = locale === 'en' ? ` ${station.chineseName}` : '';
  return `${name}${chinese} (${station.code})`;
}
