import { describe, expect, it } from 'vitest';
import { searchStations } from './station-search';

const first = (q: string) => searchStations(q)[0]?.station.code;
const codes = (q: string, limit = 10) => searchStations(q, { limit }).map((e) => e.station.code);

describe('searchStations', () => {
  it.each([
    ['北京南', 'VNP'],
    ['上海虹桥', 'AOH'],
    ['广州南', 'IZQ'],
    ['深圳北', 'IOQ'],
    ['杭州东', 'HGH'],
  ])('finds %s first by its Chinese name (%s)', (q, code) => {
    expect(first(q)).toBe(code);
  });

  it.each([
    ['VNP', 'VNP'],
    ['aoh', 'AOH'],
    ['izq', 'IZQ'],
    ['IOQ', 'IOQ'],
    ['hgh', 'HGH'],
  ])('finds %s by its telegraph code', (q, code) => {
    expect(first(q)).toBe(code);
  });

  it.each([
    ['beijingnan', 'VNP'],
    ['shanghaihongqiao', 'AOH'],
    ['shanghai hongqiao', 'AOH'],
    ['guangzhounan', 'IZQ'],
    ['shenzhenbei', 'IOQ'],
    ['hangzhoudong', 'HGH'],
  ])('finds %s by full pinyin', (q, code) => {
    expect(first(q)).toBe(code);
  });

  it.each([
    ['bjn', 'VNP'],
    ['shhq', 'AOH'],
    ['gzn', 'IZQ'],
    ['szb', 'IOQ'],
    ['hzd', 'HGH'],
  ])('finds %s by pinyin initials', (q, code) => {
    expect(codes(q)).toContain(code);
  });

  it('finds by English name, Traditional characters and ignores case', () => {
    expect(first('Beijing South')).toBe('VNP');
    expect(first('HANGZHOU EAST')).toBe('HGH');
    expect(first('廣州南')).toBe('IZQ');
    expect(first('上海虹橋')).toBe('AOH');
  });

  it('lists a city’s stations for its name, main stations of big cities first', () => {
    const beijing = codes('北京', 10);
    expect(beijing).toEqual(expect.arrayContaining(['BJP', 'VNP', 'BXP', 'IPP', 'IFP']));
    expect(beijing[0]).toBe('BJP');
    expect(codes('beijing', 3)[0]).toBe('BJP');
  });

  it('finds the stations added since 2013', () => {
    expect(first('北京大兴')).toBe('IPP');
    expect(first('xianggang')).toBe('XJA');
    expect(first('Hong Kong')).toBe('XJA');
    expect(first('雄安')).toBe('IQP');
  });

  it('answers nothing for an empty or unknown query and honours the limit', () => {
    expect(searchStations('  ')).toEqual([]);
    expect(searchStations('zzzzqqq')).toEqual([]);
    expect(searchStations('b', { limit: 5 })).toHaveLength(5);
  });
});
