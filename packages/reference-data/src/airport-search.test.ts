import { describe, expect, it } from 'vitest';
import { searchAirports, type AirportSearchEntry } from './airport-search';

/** Compact form: 'BJS[PEK,PKX]' for a city entry, 'SYD' for an airport entry. */
const codes = (entries: AirportSearchEntry[]): string[] =>
  entries.map((e) =>
    e.kind === 'city' ? `${e.city.code}[${e.airports.map((a) => a.code).join(',')}]` : e.airport.code,
  );
const first = (query: string): string | undefined => codes(searchAirports(query, { limit: 5 }))[0];

describe('searchAirports', () => {
  it('finds by exact code first, airports of a metro city nested under it', () => {
    expect(first('pek')).toBe('BJS[PEK]');
    expect(first('PVG')).toBe('SHA[PVG]');
    expect(first('syd')).toBe('SYD');
  });

  it('lists every airport of a metro city searched by city code or name', () => {
    expect(first('BJS')).toBe('BJS[PEK,PKX]');
    expect(first('shanghai')).toBe('SHA[PVG,SHA]');
    const lon = searchAirports('lon')[0];
    expect(lon?.kind === 'city' && lon.airports.map((a) => a.code)).toEqual(
      expect.arrayContaining(['LHR', 'LGW', 'STN', 'LTN', 'LCY']),
    );
  });

  it('finds by English name and city name', () => {
    expect(first('heathrow')).toBe('LON[LHR]');
    expect(first('sydney')).toBe('SYD');
    expect(first('São Paulo')).toMatch(/^SAO\[/);
    expect(first('sao paulo')).toMatch(/^SAO\[/);
  });

  it('finds by simplified and traditional Chinese', () => {
    expect(first('浦东')).toBe('SHA[PVG]');
    expect(first('浦東')).toBe('SHA[PVG]');
    expect(first('桃園')).toBe('TPE[TPE]');
    expect(first('雪梨')).toBe('SYD');
    expect(first('上海')).toBe('SHA[PVG,SHA]');
    expect(first('香港')).toBe('HKG');
  });

  it('finds by full pinyin and pinyin initials', () => {
    expect(first('beijing')).toBe('BJS[PEK,PKX]');
    expect(first('bj')).toBe('BJS[PEK,PKX]');
    expect(first('shanghai')).toBe('SHA[PVG,SHA]');
    expect(first('xianggang')).toBe('HKG');
    expect(first('xiangg')).toBe('HKG');
    expect(first('chengdu')).toBe('CTU[CTU,TFU]');
    expect(first('pudong')).toBe('SHA[PVG]');
  });

  it('is case-insensitive', () => {
    expect(codes(searchAirports('HEATHROW'))).toEqual(codes(searchAirports('heathrow')));
    expect(codes(searchAirports('BeiJing'))).toEqual(codes(searchAirports('beijing')));
    expect(codes(searchAirports('Pek'))).toEqual(codes(searchAirports('PEK')));
  });

  it('puts cities first and honours the limit', () => {
    const result = searchAirports('bei', { limit: 3 });
    expect(result).toHaveLength(3);
    expect(codes(result)[0]).toBe('BJS[PEK,PKX]');
    expect(searchAirports('b', { limit: 50 })).toHaveLength(50);
    expect(searchAirports('   ')).toEqual([]);
    expect(searchAirports('qqqqqq')).toEqual([]);
  });
});
