import type { Locale } from '@portal/domain/locale';
import type { Airport, City } from '@portal/reference-data/airports';
import type { ReferenceData } from './use-reference-data';
import { localName } from './names';

/** One option of the airport picker: value is the IATA airport or city code. */
export interface PlaceOption {
  value: string;
  label: string;
  /** 'city' lines carry their airports indented under them. */
  kind: 'city' | 'airport';
  nested: boolean;
  disabled: boolean;
}

export interface PlaceGroup {
  key: string;
  label: string;
  options: PlaceOption[];
}

const SEARCH_LIMIT = 12;

/** City lines carry this prefix: a city may share its code with one of its airports (SHA). */
export const CITY_PREFIX = 'city:';

/** The IATA code of an option value. */
export function codeOfOption(value: string): string {
  return value.startsWith(CITY_PREFIX) ? value.slice(CITY_PREFIX.length) : value;
}

function cityOption(city: City, locale: Locale, airportsOnly: boolean): PlaceOption {
  return {
    value: `${CITY_PREFIX}${city.code}`,
    label: `${localName(city, locale)} (${city.code})`,
    kind: 'city',
    nested: false,
    disabled: airportsOnly,
  };
}

function airportOption(airport: Airport, locale: Locale, nested: boolean): PlaceOption {
  const name = localName(airport, locale);
  const cityName = localName(
    {
      name: airport.cityName,
      chineseName: airport.cityChineseName,
      traditionalName: airport.cityTraditionalName,
    },
    locale,
  );
  const label = nested || name.includes(cityName) ? name : `${cityName} · ${name}`;
  return {
    value: airport.code,
    label: `${label} (${airport.code})`,
    kind: 'airport',
    nested,
    disabled: false,
  };
}

/**
 * The city of several airports that `code` also names (SHA: Shanghai, and its Hongqiao airport),
 * outside multi-city. There the API searches such a code as the whole city (Hongqiao and Pudong),
 * so the picker shows and labels it as the city; multi-city takes airports only, so SHA is
 * Hongqiao there.
 */
function cityNamedBy(ref: ReferenceData, code: string, airportsOnly: boolean): City | undefined {
  if (airportsOnly) return undefined;
  const city = ref.getCity(code);
  return city && city.airports.length > 1 ? city : undefined;
}

/**
 * Search results: cities first with their airports indented under them (city lines disabled for
 * multi-city). Outside multi-city an airport that shares its city's code is the city's line.
 */
export function searchOptions(
  ref: ReferenceData,
  query: string,
  locale: Locale,
  airportsOnly: boolean,
): PlaceOption[] {
  const seen = new Set<string>();
  const out: PlaceOption[] = [];
  const push = (option: PlaceOption) => {
    if (seen.has(option.value)) return;
    seen.add(option.value);
    out.push(option);
  };
  for (const entry of ref.searchAirports(query, { limit: SEARCH_LIMIT })) {
    if (entry.kind === 'city') {
      push(cityOption(entry.city, locale, airportsOnly));
      for (const airport of entry.airports) {
        if (!cityNamedBy(ref, airport.code, airportsOnly)) push(airportOption(airport, locale, true));
      }
    } else {
      const city = cityNamedBy(ref, entry.airport.code, airportsOnly);
      push(city ? cityOption(city, locale, airportsOnly) : airportOption(entry.airport, locale, false));
    }
  }
  return out;
}

/** The option of one code (a favourite or recent city, or the current value). */
export function optionOf(
  ref: ReferenceData,
  code: string,
  locale: Locale,
  airportsOnly: boolean,
): PlaceOption | null {
  const shared = cityNamedBy(ref, code, airportsOnly);
  if (shared) return cityOption(shared, locale, airportsOnly);
  const airport = ref.getAirport(code);
  if (airport) return airportOption(airport, locale, false);
  const city = ref.getCity(code);
  return city ? cityOption(city, locale, airportsOnly) : null;
}

/**
 * The short label of a picked code: localized name and code; outside multi-city a code shared by a
 * city of several airports and one of them names the city, as the search does.
 */
export function placeLabel(
  ref: ReferenceData | null,
  code: string,
  locale: Locale,
  airportsOnly = false,
): string {
  const place = ref && (cityNamedBy(ref, code, airportsOnly) ?? ref.getAirport(code) ?? ref.getCity(code));
  return place ? `${localName(place, locale)} (${code})` : code;
}

/**
 * Whether Enter may take the first option the search offers. Multi-city takes airports only, so a
 * code naming a city of several airports (SHA: Hongqiao and Pudong; BJS: Capital and Daxing), a
 * name or a part of one never picks an airport by itself: Enter takes an airport only when its
 * exact code was typed and it stands first. Outside multi-city the first line is what was meant.
 */
export function enterPicksFirst(
  ref: ReferenceData,
  query: string,
  options: readonly PlaceOption[],
  airportsOnly: boolean,
): boolean {
  if (!airportsOnly) return true;
  const code = query.trim().toUpperCase();
  if ((ref.getCity(code)?.airports.length ?? 0) > 1) return false;
  return options.find((o) => !o.disabled)?.value === code && ref.getAirport(code) !== undefined;
}
