/** An airport with scheduled service (spec §3): names in three scripts and its city's names. */
export interface Airport {
  /** IATA code, upper case. */
  readonly code: string;
  readonly name: string;
  /** Simplified Chinese; the English name when the reviewed table has none. */
  readonly chineseName: string;
  /** Traditional Chinese in Taiwan/Hong Kong usage; falls back like chineseName. */
  readonly traditionalName: string;
  /** OPTD (metropolitan) city code: BJS for PEK and PKX, LON for LHR. */
  readonly cityCode: string;
  readonly cityName: string;
  readonly cityChineseName: string;
  readonly cityTraditionalName: string;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  readonly lat: number;
  readonly lon: number;
  /** IANA time zone. */
  readonly timeZone: string;
}

/** A city (spec §3) with its airports, busiest first. */
export interface City {
  readonly code: string;
  readonly name: string;
  readonly chineseName: string;
  readonly traditionalName: string;
  readonly countryCode: string;
  readonly airports: readonly Airport[];
}

/** An airline ("company") with its short names (spec §3). */
export interface Airline {
  /** IATA two-character code. */
  readonly code: string;
  readonly shortName: string;
  readonly chineseShortName: string;
  readonly traditionalShortName: string;
  /** Three-digit ticket number prefix (999 for Air China); '' when unknown. */
  readonly ticketPrefix: string;
  readonly alliance?: 'Star Alliance' | 'oneworld' | 'SkyTeam';
}
