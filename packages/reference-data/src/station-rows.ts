/**
 * Row shape of the generated station module (`src/generated/stations-data.ts`). Tuples keep the
 * shipped data small; `stations.ts` turns them into the public objects.
 */
export type StationRow = readonly [
  /** 12306 telegraph code, three upper-case letters. */
  code: string,
  chineseName: string,
  traditionalName: string,
  name: string,
  /** Full pinyin, lower case, no spaces. */
  pinyin: string,
  /** Pinyin initials as 12306 uses them for type-ahead. */
  initials: string,
  /** OPTD city code of the matched city ('' when none matched). */
  cityCode: string,
  /** City coordinates (null when no city matched). */
  lat: number | null,
  lon: number | null,
  /** The matched city's OPTD PageRank (0 when none), for ordering search results. */
  rank: number,
];
