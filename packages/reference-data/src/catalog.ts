/**
 * Internal: builds the airport and city objects from the generated rows once, with the ranks and
 * search keys the search needs. Public access goes through `airports.ts` and `airport-search.ts`.
 */
import { AIRPORT_ROWS, CITY_ROWS, TIME_ZONES } from './generated/airports-data';
import type { Airport, City } from './types';

/** Lower-cased and pinyin keys of one airport or city, computed at build time (see scripts/lib/keys.ts). */
export interface SearchRecord {
  readonly code: string;
  readonly rank: number;
  /** Lower-case code. */
  readonly key: string;
  /** Folded English name (lower case, no diacritics). */
  readonly name: string;
  /** Chinese names, simplified and traditional ('' when unknown). */
  readonly zh: string;
  readonly zhHant: string;
  readonly pinyin: string;
  readonly initials: string;
}

/*
 * Records hold their keys in a separate object made by one factory, so every keys object has the same
 * hidden class: spreading keys into the records made V8 fall back to slow property access (10x slower search).
 */
export interface CityRecord {
  readonly keys: SearchRecord;
  readonly city: City;
  readonly airports: readonly AirportRecord[];
}

export interface AirportRecord {
  readonly keys: SearchRecord;
  readonly airport: Airport;
}

interface MutableCity extends City {
  airports: Airport[];
}

function record(
  code: string,
  name: string,
  zh: string,
  zhHant: string,
  rank: number,
  keys: readonly [string, string, string],
): SearchRecord {
  const [folded, pinyin, initials] = keys;
  return {
    code,
    rank,
    key: code.toLowerCase(),
    name: folded || name.toLowerCase(),
    zh,
    zhHant,
    pinyin,
    initials,
  };
}

const cities = new Map<string, MutableCity>();
const cityRecords = new Map<string, CityRecord>();
const cityAirportRecords = new Map<string, AirportRecord[]>();
for (const [code, name, zh, zhHant, countryCode, rank, ...keys] of CITY_ROWS) {
  const city: MutableCity = {
    code,
    name,
    chineseName: zh || name,
    traditionalName: zhHant || zh || name,
    countryCode,
    airports: [],
  };
  const list: AirportRecord[] = [];
  cities.set(code, city);
  cityAirportRecords.set(code, list);
  cityRecords.set(code, { keys: record(code, name, zh, zhHant, rank, keys), city, airports: list });
}

const airports = new Map<string, Airport>();
const airportRecords: AirportRecord[] = [];
for (const [code, name, zh, zhHant, cityCode, countryCode, lat, lon, tz, rank, ...keys] of AIRPORT_ROWS) {
  const city = cities.get(cityCode);
  const airport: Airport = {
    code,
    name,
    chineseName: zh || name,
    traditionalName: zhHant || zh || name,
    cityCode,
    cityName: city?.name ?? name,
    cityChineseName: city?.chineseName ?? (zh || name),
    cityTraditionalName: city?.traditionalName ?? (zhHant || zh || name),
    countryCode,
    lat,
    lon,
    timeZone: TIME_ZONES[tz] ?? 'UTC',
  };
  airports.set(code, airport);
  city?.airports.push(airport);
  const rec: AirportRecord = { keys: record(code, name, zh, zhHant, rank, keys), airport };
  airportRecords.push(rec);
  cityAirportRecords.get(cityCode)?.push(rec);
}

/** Airports by IATA code (rows come sorted by rank, so maps iterate busiest first). */
export const AIRPORTS: ReadonlyMap<string, Airport> = airports;
/** Cities by OPTD city code, each with its airports busiest first. */
export const CITIES: ReadonlyMap<string, City> = cities;
/** Search records of every city. */
export const CITY_RECORDS: ReadonlyMap<string, CityRecord> = cityRecords;
/** Search records of every airport, busiest first. */
export const AIRPORT_RECORDS: readonly AirportRecord[] = airportRecords;
