import { describe, expect, it } from 'vitest';
import { allStations, getStation } from './stations';

describe('stations', () => {
  it('holds the 2,183 stations of the 2013 table plus the ones added by hand, codes unique', () => {
    const all = allStations();
    expect(all.length).toBeGreaterThanOrEqual(2183 + 15);
    expect(new Set(all.map((s) => s.code)).size).toBe(all.length);
    for (const s of all) expect(s.code).toMatch(/^[A-Z]{3}$/);
  });

  it.each([
    ['VNP', '北京南', '北京南', 'Beijing South'],
    ['AOH', '上海虹桥', '上海虹橋', 'Shanghai Hongqiao'],
    ['IZQ', '广州南', '廣州南', 'Guangzhou South'],
    ['IOQ', '深圳北', '深圳北', 'Shenzhen North'],
    ['HGH', '杭州东', '杭州東', 'Hangzhou East'],
    ['EAY', '西安北', '西安北', "Xi'an North"],
    ['HBB', '哈尔滨', '哈爾濱', 'Harbin'],
    ['CUW', '重庆北', '重慶北', 'Chongqing North'],
  ])('%s is %s, %s in Traditional, %s in English', (code, zh, hant, en) => {
    expect(getStation(code)).toMatchObject({ chineseName: zh, traditionalName: hant, name: en });
  });

  it('splits pinyin into title-cased syllables when the city is not known', () => {
    // 驻马店 has no airport, so no OPTD city: the pinyin is one word.
    const s = allStations().find((x) => x.chineseName === '驻马店西');
    expect(s?.name).toBe('Zhumadian West');
  });

  it.each([
    ['IPP', '北京大兴', 'Beijing Daxing', 'BJS'],
    ['IFP', '北京朝阳', 'Beijing Chaoyang', 'BJS'],
    ['XJA', '香港西九龙', 'Hong Kong West Kowloon', 'HKG'],
    ['IQP', '雄安', "Xiong'an", ''],
  ])('has %s %s (%s) added by hand', (code, zh, en, city) => {
    expect(getStation(code)).toMatchObject({ chineseName: zh, name: en, cityCode: city });
  });

  it('places the big stations at their city (for distances) and times Hong Kong in its own zone', () => {
    expect(getStation('VNP')).toMatchObject({ cityCode: 'BJS' });
    expect(getStation('AOH')).toMatchObject({ cityCode: 'SHA' });
    expect(getStation('VNP')?.lat).toBeCloseTo(39.9, 0);
    expect(getStation('XJA')?.timeZone).toBe('Asia/Hong_Kong');
    expect(getStation('vnp')?.timeZone).toBe('Asia/Shanghai');
  });
});
