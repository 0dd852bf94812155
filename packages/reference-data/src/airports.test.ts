import { describe, expect, it } from 'vitest';
import { getAirline } from './airlines';
import { allAirports, cityCodeOf, getAirport, getCity } from './airports';
import { countryName } from './country-names';

describe('city mapping', () => {
  it.each([
    ['PEK', 'BJS'],
    ['PKX', 'BJS'],
    ['PVG', 'SHA'],
    ['SHA', 'SHA'],
    ['LHR', 'LON'],
    ['LGW', 'LON'],
    ['NRT', 'TYO'],
    ['HND', 'TYO'],
    ['BJS', 'BJS'],
    ['lon', 'LON'],
  ])('%s -> %s', (code, city) => {
    expect(cityCodeOf(code)).toBe(city);
  });

  it('maps a single-airport city to its airport', () => {
    expect(getCity('SYD')?.airports.map((a) => a.code)).toEqual(['SYD']);
    expect(cityCodeOf('SYD')).toBe('SYD');
    // OPTD files Xi'an under city code SIA; as a single-airport city it is the airport entry XIY.
    expect(getAirport('XIY')?.cityCode).toBe('SIA');
    expect(cityCodeOf('XIY')).toBe('XIY');
    expect(cityCodeOf('SIA')).toBe('XIY');
    expect(cityCodeOf('ZZZ')).toBeUndefined();
  });

  it('gives a city its names and airports, busiest first', () => {
    const bjs = getCity('bjs');
    expect(bjs).toMatchObject({ code: 'BJS', name: 'Beijing', chineseName: '北京', traditionalName: '北京' });
    expect(bjs?.airports.map((a) => a.code)).toEqual(['PEK', 'PKX']);
    expect(getCity('TYO')?.airports.map((a) => a.code)).toEqual(expect.arrayContaining(['HND', 'NRT']));
  });
});

describe('airport facts', () => {
  it.each([
    ['PEK', 'Asia/Shanghai', 'CN'],
    ['LHR', 'Europe/London', 'GB'],
    ['SYD', 'Australia/Sydney', 'AU'],
    ['URC', 'Asia/Shanghai', 'CN'],
    ['TPE', 'Asia/Taipei', 'TW'],
  ])('%s is in %s', (code, timeZone, countryCode) => {
    expect(getAirport(code)).toMatchObject({ timeZone, countryCode });
  });

  it('carries names in three scripts and its city names (spec §3)', () => {
    expect(getAirport('pvg')).toMatchObject({
      code: 'PVG',
      name: 'Shanghai Pudong International Airport',
      chineseName: '上海浦东国际机场',
      traditionalName: '上海浦東國際機場',
      cityCode: 'SHA',
      cityName: 'Shanghai',
      cityChineseName: '上海',
      cityTraditionalName: '上海',
    });
    const pek = getAirport('PEK');
    expect(pek?.lat).toBeCloseTo(40.08, 1);
    expect(pek?.lon).toBeCloseTo(116.58, 1);
  });

  it('falls back to the English name where the table has no Chinese name', () => {
    const unnamed = allAirports().find((a) => a.chineseName === a.name);
    expect(unnamed?.traditionalName).toBe(unnamed?.name);
    expect(allAirports().length).toBeGreaterThan(4000);
  });
});

describe('airlines', () => {
  it('has short names in three scripts, ticket prefix and alliance', () => {
    expect(getAirline('ca')).toEqual({
      code: 'CA',
      shortName: 'Air China',
      chineseShortName: '中国国际航空',
      traditionalShortName: '中國國際航空',
      ticketPrefix: '999',
      alliance: 'Star Alliance',
    });
    expect(getAirline('MU')).toMatchObject({ ticketPrefix: '781', alliance: 'SkyTeam' });
    expect(getAirline('CI')?.traditionalShortName).toBe('中華航空');
    expect(getAirline('9C')?.alliance).toBeUndefined();
    expect(getAirline('??')).toBeUndefined();
  });
});

describe('country names (Intl.DisplayNames)', () => {
  it.each([
    ['NZ', 'New Zealand', '新西兰', '紐西蘭'],
    ['AU', 'Australia', '澳大利亚', '澳洲'],
    ['IT', 'Italy', '意大利', '義大利'],
    ['AE', 'United Arab Emirates', '阿拉伯联合酋长国', '阿拉伯聯合大公國'],
    ['HK', 'Hong Kong', '中国香港', '香港'],
    ['MO', 'Macau', '中国澳门', '澳門'],
    ['TW', 'Taiwan', '中国台湾', '台灣'],
  ])('%s', (code, en, zhCn, zhTw) => {
    expect(countryName(code, 'en')).toBe(en);
    expect(countryName(code, 'zh-cn')).toBe(zhCn);
    expect(countryName(code, 'zh-tw')).toBe(zhTw);
  });

  it('accepts lower case and returns unknown codes unchanged', () => {
    expect(countryName('gb', 'en')).toBe('United Kingdom');
    expect(countryName('QQ', 'en')).toBe('QQ');
    expect(countryName('not a code', 'en')).toBe('NOT A CODE');
  });
});
