import { STATION_ROWS } from './generated/stations-data';

/** A passenger railway station of China (12306 table): names in three scripts and its city, when known. */
export interface Station {
  /** 12306 telegraph code, three upper-case letters (VNP = 北京南). */
  readonly code: string;
  readonly name: string;
  /** Simplified Chinese, as 12306 writes it. */
  readonly chineseName: string;
  /** Traditional Chinese (OpenCC, Taiwan standard characters). */
  readonly traditionalName: string;
  readonly pinyin: string;
  readonly initials: string;
  /** OPTD city code of the station's city ('' when not matched). */
  readonly cityCode: string;
  /** City coordinates, null when the city is not known. */
  readonly lat: number | null;
  readonly lon: number | null;
  /** IANA zone of the station's timetable times. */
  readonly timeZone: string;
}

/** Internal: a station with its search keys and ordering rank. */
export interface StationRecord {
  readonly station: Station;
  readonly key: string;
  /** Folded English name. */
  readonly name: string;
  readonly zh: string;
  readonly zhHant: string;
  readonly pinyin: string;
  readonly initials: string;
  readonly rank: number;
}

const stations = new Map<string, Station>();
const records: StationRecord[] = [];
for (const [code, zh, zhHant, name, pinyin, initials, cityCode, lat, lon, rank] of STATION_ROWS) {
  const station: Station = {
    code,
    name,
    chineseName: zh,
    traditionalName: zhHant,
    pinyin,
    initials,
    cityCode,
    lat,
    lon,
    timeZone: cityCode === 'HKG' ? 'Asia/Hong_Kong' : 'Asia/Shanghai',
  };
  stations.set(code, station);
  records.push({
    station,
    key: code.toLowerCase(),
    name: name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
    zh,
    zhHant,
    pinyin,
    initials,
    rank,
  });
}

/** Search records of every station (internal to `station-search.ts`). */
export const STATION_RECORDS: readonly StationRecord[] = records;

/** The station of a telegraph code (any case), or undefined. */
export function getStation(code: string): Station | undefined {
  return stations.get(code.toUpperCase());
}

/** Every station, by telegraph code. */
export function allStations(): Station[] {
  return [...stations.values()];
}
