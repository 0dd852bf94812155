import { describe, expect, it } from 'vitest';
import { continentOf, flightCategory, type CategoryPoint } from './flight-category';

const at = (countryCode: string, continent?: string): CategoryPoint =>
  continent === undefined ? { countryCode } : { countryCode, continent };

describe('flightCategory (spec §3 price adjustment per flight category)', () => {
  it.each([
    ['Beijing to Shanghai', 'china', [at('CN'), at('CN')]],
    ['a mainland China point in lower case', 'china', [at('cn'), at('CN')]],
    ['New York to Los Angeles', 'domestic', [at('US'), at('US')]],
    ['Tokyo to Sapporo via Osaka', 'domestic', [at('JP'), at('JP'), at('JP')]],
    ['Beijing to Hong Kong', 'intra-continental', [at('CN'), at('HK')]],
    ['Shanghai to Taipei', 'intra-continental', [at('CN'), at('TW')]],
    ['Hong Kong to Hong Kong via Macao', 'intra-continental', [at('HK'), at('MO'), at('HK')]],
    ['London to Paris', 'intra-continental', [at('GB'), at('FR')]],
    ['Beijing to Istanbul (TR is AS)', 'intra-continental', [at('CN'), at('TR')]],
    ['Moscow to Berlin (RU is EU)', 'intra-continental', [at('RU'), at('DE')]],
    ['Beijing to New York', 'intercontinental', [at('CN'), at('US')]],
    ['Beijing to Frankfurt via Moscow', 'intercontinental', [at('CN'), at('RU'), at('DE')]],
    ['London to Istanbul', 'intercontinental', [at('GB'), at('TR')]],
    ['Sydney to Auckland', 'intra-continental', [at('AU'), at('NZ')]],
    ['São Paulo to Johannesburg', 'intercontinental', [at('BR'), at('ZA')]],
  ] as const)('%s is %s', (_name, category, points) => {
    expect(flightCategory(points)).toBe(category);
  });

  it('prefers the continent a point carries over the table', () => {
    expect(flightCategory([at('GB', 'EU'), at('TR', 'EU')])).toBe('intra-continental');
    expect(flightCategory([at('CN', 'as'), at('JP', 'AS')])).toBe('intra-continental');
  });

  it('treats an unknown country as intercontinental unless all points share it', () => {
    expect(flightCategory([at('CN'), at('QQ')])).toBe('intercontinental');
    expect(flightCategory([at('QQ'), at('QQ')])).toBe('domestic');
  });

  it('rejects an empty list of points', () => {
    expect(() => flightCategory([])).toThrow(RangeError);
  });
});

describe('continentOf', () => {
  it.each([
    ['CN', 'AS'],
    ['HK', 'AS'],
    ['TW', 'AS'],
    ['GB', 'EU'],
    ['RU', 'EU'],
    ['CY', 'EU'],
    ['TR', 'AS'],
    ['KZ', 'AS'],
    ['US', 'NA'],
    ['MX', 'NA'],
    ['PA', 'NA'],
    ['BR', 'SA'],
    ['AU', 'OC'],
    ['ZA', 'AF'],
    ['EG', 'AF'],
    ['AQ', 'AN'],
    ['XK', 'EU'],
    ['gb', 'EU'],
  ])('puts %s in %s', (code, continent) => {
    expect(continentOf(code)).toBe(continent);
  });

  it.each(['', 'ZZ', 'UK', 'CHN'])('answers undefined for %j', (code) => {
    expect(continentOf(code)).toBeUndefined();
  });

  it('maps every region code the runtime knows as a country, and nothing else', () => {
    const names = new Intl.DisplayNames('en', { type: 'region' });
    const pseudoOrReserved = new Set([
      'AC',
      'CP',
      'CQ',
      'DG',
      'EA',
      'EU',
      'EZ',
      'IC',
      'QO',
      'TA',
      'UN',
      'XA',
      'XB',
      'ZZ',
    ]);
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const wrong: string[] = [];
    for (const a of letters) {
      for (const b of letters) {
        const code = a + b;
        const isCountry = names.of(code) !== code && !pseudoOrReserved.has(code) && !isDeprecated(code);
        if (isCountry !== (continentOf(code) !== undefined)) wrong.push(code);
      }
    }
    expect(wrong).toEqual([]);
  });
});

function isDeprecated(code: string): boolean {
  return [
    'AN',
    'BU',
    'CS',
    'DD',
    'DY',
    'FX',
    'HV',
    'NH',
    'RH',
    'SU',
    'TP',
    'UK',
    'VD',
    'YD',
    'YU',
    'ZR',
  ].includes(code);
}
