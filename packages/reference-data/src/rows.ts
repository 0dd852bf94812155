/**
 * Row shapes of the generated data modules (`src/generated/*`). Tuples keep the shipped data small;
 * `airports.ts` and `airlines.ts` turn them into the public objects.
 */

/** Search keys computed at build time: folded English name ('' when it equals the lower-cased name), full pinyin, pinyin initials. */
export type SearchKeys = readonly [folded: string, pinyin: string, initials: string];

export type AirportRow = readonly [
  code: string,
  name: string,
  /** '' when the reviewed table has no entry (the English name is used). */
  chineseName: string,
  traditionalName: string,
  cityCode: string,
  countryCode: string,
  lat: number,
  lon: number,
  /** Index into TIME_ZONES. */
  timeZone: number,
  /** OPTD PageRank (0..1). */
  rank: number,
  ...keys: SearchKeys,
];

export type CityRow = readonly [
  code: string,
  name: string,
  chineseName: string,
  traditionalName: string,
  countryCode: string,
  rank: number,
  ...keys: SearchKeys,
];

export type AirlineRow = readonly [
  code: string,
  shortName: string,
  chineseShortName: string,
  traditionalShortName: string,
  /** Three-digit ticket (accounting) prefix, '' when OPTD has none. */
  ticketPrefix: string,
  /** 'Star Alliance' | 'oneworld' | 'SkyTeam' | ''. */
  alliance: string,
];
