import { foldText } from './fold';
import { STATION_RECORDS, type Station, type StationRecord } from './stations';

/** One line of the station picker. */
export interface StationSearchEntry {
  readonly station: Station;
  readonly score: number;
}

export interface StationSearchOptions {
  /** Maximum number of entries (default 20). */
  readonly limit?: number;
}

/** Match quality tiers (higher is better), the airport picker's. */
const SCORE = {
  code: 100,
  namePrefix: 80,
  pinyinPrefix: 75,
  initials: 72,
  wordPrefix: 60,
  chineseInside: 50,
  nameInside: 40,
  pinyinInside: 35,
} as const;

function scoreOf(r: StationRecord, text: string, letters: string): number {
  if (r.key === text) return SCORE.code;
  if (r.zh.startsWith(text) || r.zhHant.startsWith(text) || r.name.startsWith(text)) return SCORE.namePrefix;
  if (letters) {
    if (r.pinyin.startsWith(letters)) return SCORE.pinyinPrefix;
    if (letters.length >= 2 && r.initials.startsWith(letters)) return SCORE.initials;
  }
  const at = r.name.indexOf(text);
  if (at > 0) return r.name.charCodeAt(at - 1) === 32 ? SCORE.wordPrefix : SCORE.nameInside;
  if (r.zh.includes(text) || r.zhHant.includes(text)) return SCORE.chineseInside;
  if (letters.length >= 4 && r.pinyin.includes(letters)) return SCORE.pinyinInside;
  return 0;
}

/**
 * Searches railway stations by telegraph code, Chinese name (simplified or traditional), English
 * name, full pinyin and pinyin initials ('VNP', '北京南', 'beijing south', 'beijingnan', 'bjn'),
 * ignoring case and diacritics. Ranked by match quality, then by the importance of the station's
 * city (OPTD PageRank), then the shorter name (the main station before its suburbs), then the code.
 */
export function searchStations(query: string, options: StationSearchOptions = {}): StationSearchEntry[] {
  const text = foldText(query);
  if (!text) return [];
  const letters = /^[a-z][a-z' -]*$/.test(text) ? text.replace(/[^a-z]/g, '') : '';
  const hits: { record: StationRecord; score: number }[] = [];
  for (const record of STATION_RECORDS) {
    const score = scoreOf(record, text, letters);
    if (score > 0) hits.push({ record, score });
  }
  hits.sort(
    (a, b) =>
      b.score - a.score ||
      b.record.rank - a.record.rank ||
      a.record.zh.length - b.record.zh.length ||
      a.record.key.localeCompare(b.record.key),
  );
  return hits.slice(0, options.limit ?? 20).map((h) => ({ station: h.record.station, score: h.score }));
}
