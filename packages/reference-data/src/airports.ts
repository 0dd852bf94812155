import { AIRPORTS, CITIES } from './catalog';
import type { Airport, City } from './types';

export type { Airport, City } from './types';

/** The airport with this IATA code (any case), or undefined. */
export function getAirport(code: string): Airport | undefined {
  return AIRPORTS.get(code.trim().toUpperCase());
}

/** The city with this OPTD city code (any case), e.g. BJS, LON, TYO; single-airport cities too. */
export function getCity(code: string): City | undefined {
  return CITIES.get(code.trim().toUpperCase());
}

/** Whether a city has more than one airport, i.e. is shown as a city with its airports nested. */
export function isMultiAirportCity(city: City): boolean {
  return city.airports.length > 1;
}

/**
 * The city code used to compare places (spec §5 "same city"): an airport of a multi-airport city maps to
 * the city (PEK, PKX -> BJS; PVG, SHA -> SHA; LHR -> LON); a single-airport city is an airport entry and
 * maps to its airport's own code (SYD -> SYD, XIY -> XIY, and OPTD's city code SIA -> XIY).
 * Unknown codes return undefined.
 */
export function cityCodeOf(airportOrCity: string): string | undefined {
  const code = airportOrCity.trim().toUpperCase();
  const airport = AIRPORTS.get(code);
  const city = CITIES.get(airport ? airport.cityCode : code);
  if (city && isMultiAirportCity(city)) return city.code;
  if (airport) return airport.code;
  return city?.airports[0]?.code;
}

/** Every airport with scheduled service, busiest (OPTD PageRank) first. */
export function allAirports(): Airport[] {
  return [...AIRPORTS.values()];
}

/** Every city, busiest first. */
export function allCities(): City[] {
  return [...CITIES.values()];
}
