import { AIRPORT_RECORDS, CITY_RECORDS, type AirportRecord, type SearchRecord } from './catalog';
import { foldText } from './fold';
import type { Airport, City } from './types';

/** One line of the airport picker: a multi-airport city with airports nested, or a single airport. */
export type AirportSearchEntry =
  | {
      readonly kind: 'city';
      readonly city: City;
      readonly airports: readonly Airport[];
      readonly score: number;
    }
  | { readonly kind: 'airport'; readonly airport: Airport; readonly score: number };

export interface AirportSearchOptions {
  /** Maximum number of top-level entries (default 20). */
  readonly limit?: number;
}

interface Query {
  readonly text: string;
  /** Letters only, for pinyin ('xiang gang' -> 'xianggang'); '' when the query is not Latin. */
  readonly letters: string;
}

/** Match quality tiers: higher is better. */
const SCORE = {
  code: 100,
  namePrefix: 80,
  pinyinPrefix: 75,
  initials: 72,
  codePrefix: 68,
  wordPrefix: 60,
  chineseInside: 50,
  nameInside: 40,
  pinyinInside: 35,
} as const;

function scoreRecord(r: SearchRecord, q: Query): number {
  const t = q.text;
  if (r.key === t) return SCORE.code;
  let best = 0;
  if (r.name.startsWith(t) || r.zh.startsWith(t) || r.zhHant.startsWith(t)) return SCORE.namePrefix;
  if (q.letters) {
    if (r.pinyin.startsWith(q.letters)) return SCORE.pinyinPrefix;
    if (q.letters.length >= 2 && r.initials.startsWith(q.letters)) return SCORE.initials;
    if (t.length >= 2 && r.key.startsWith(t)) return SCORE.codePrefix;
  }
  const at = r.name.indexOf(t);
  if (at > 0)
    best =
      r.name.charCodeAt(at - 1) === 32 || r.name.charCodeAt(at - 1) === 45
        ? SCORE.wordPrefix
        : SCORE.nameInside;
  else if (r.zh.includes(t) || r.zhHant.includes(t)) best = SCORE.chineseInside;
  else if (q.letters.length >= 4 && r.pinyin.includes(q.letters)) best = SCORE.pinyinInside;
  return best;
}

interface Hit {
  readonly entry: AirportSearchEntry;
  readonly score: number;
  readonly isCity: boolean;
  readonly rank: number;
}

const byQuality = (a: Hit, b: Hit): number =>
  b.score - a.score || Number(b.isCity) - Number(a.isCity) || b.rank - a.rank;

/**
 * Searches airports and cities by IATA code, English name, Chinese name (simplified or traditional),
 * full pinyin or pinyin initials, ignoring case and diacritics. Multi-airport cities come as one
 * entry with their airports nested (all of them when the city itself matched, else the matching ones);
 * single-airport cities come as airport entries. Ranked by match quality, cities first, then OPTD PageRank.
 */
export function searchAirports(query: string, options: AirportSearchOptions = {}): AirportSearchEntry[] {
  const text = foldText(query);
  if (!text) return [];
  const q: Query = { text, letters: /^[a-z][a-z' -]*$/.test(text) ? text.replace(/[^a-z]/g, '') : '' };
  const hits: Hit[] = [];
  const seenCities = new Set<string>();
  for (const a of AIRPORT_RECORDS) {
    const cityCode = a.airport.cityCode;
    const city = CITY_RECORDS.get(cityCode);
    if (city && city.airports.length > 1) {
      if (seenCities.has(cityCode)) continue;
      seenCities.add(cityCode);
      const cityScore = scoreRecord(city.keys, q);
      const matched: { rec: AirportRecord; score: number }[] = [];
      for (const m of city.airports) {
        const s = scoreRecord(m.keys, q);
        if (s > 0) matched.push({ rec: m, score: s });
      }
      const airportScore = matched.reduce((max, m) => Math.max(max, m.score), 0);
      const score = Math.max(cityScore, airportScore);
      if (score === 0) continue;
      const cityMatched = cityScore >= airportScore;
      matched.sort((x, y) => y.score - x.score || y.rec.keys.rank - x.rec.keys.rank);
      hits.push({
        entry: {
          kind: 'city',
          city: city.city,
          airports: cityMatched ? city.city.airports : matched.map((m) => m.rec.airport),
          score,
        },
        score,
        isCity: true,
        // A city found through one of its airports ranks like that airport (BVA must not lift Paris for 'b').
        rank: cityMatched ? city.keys.rank : (matched[0]?.rec.keys.rank ?? 0),
      });
    } else {
      const score = Math.max(scoreRecord(a.keys, q), city ? scoreRecord(city.keys, q) : 0);
      if (score > 0)
        hits.push({
          entry: { kind: 'airport', airport: a.airport, score },
          score,
          isCity: false,
          rank: a.keys.rank,
        });
    }
  }
  hits.sort(byQuality);
  return hits.slice(0, options.limit ?? 20).map((h) => h.entry);
}
