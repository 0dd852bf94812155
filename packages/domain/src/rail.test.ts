import { describe, expect, expectTypeOf, it } from 'vitest';
import * as rules from './rail-rules';
import {
  SEAT_CLASSES_BY_TRAIN_TYPE,
  TRAIN_TYPES,
  TrainFilter,
  TrainSearchRequest,
  filterTrains,
  isHighSpeed,
  railRefundQuote,
  roundToHalfYuan,
  trainTypeOf,
} from './rail';

describe('train types and seat classes', () => {
  it('has G, D, C high-speed and Z, T, K conventional', () => {
    expect(TRAIN_TYPES.filter(isHighSpeed)).toEqual(['G', 'D', 'C']);
    expect(TRAIN_TYPES.filter((t) => !isHighSpeed(t))).toEqual(['Z', 'T', 'K']);
  });

  it.each([
    ['G1', 'G'],
    ['D2281', 'D'],
    ['C2001', 'C'],
    ['Z19', 'Z'],
    ['T109', 'T'],
    ['K1234', 'K'],
    ['X1', undefined],
    ['G12345', undefined],
    ['g1', undefined],
  ])('reads the type of %s as %s', (number, type) => {
    expect(trainTypeOf(number)).toBe(type);
  });

  it('sells seats on high-speed trains and sleepers on conventional ones, no seat on both', () => {
    expect(SEAT_CLASSES_BY_TRAIN_TYPE.G).toEqual(['business', 'first', 'second', 'no-seat']);
    expect(SEAT_CLASSES_BY_TRAIN_TYPE.K).toContain('hard-sleeper');
    for (const type of TRAIN_TYPES) {
      expect(SEAT_CLASSES_BY_TRAIN_TYPE[type]).toContain('no-seat');
      expect(SEAT_CLASSES_BY_TRAIN_TYPE[type].includes('second')).toBe(isHighSpeed(type));
    }
  });
});

describe('TrainSearchRequest', () => {
  it('upper-cases station codes and takes a calendar date', () => {
    expect(TrainSearchRequest.parse({ origin: 'vnp', destination: ' aoh ', date: '2026-12-01' })).toEqual({
      origin: 'VNP',
      destination: 'AOH',
      date: '2026-12-01',
    });
  });

  it.each([
    ['the same station twice', { origin: 'VNP', destination: 'vnp', date: '2026-12-01' }],
    ['a code of four letters', { origin: 'VNPX', destination: 'AOH', date: '2026-12-01' }],
    ['a date that does not exist', { origin: 'VNP', destination: 'AOH', date: '2026-02-30' }],
    ['an unknown field', { origin: 'VNP', destination: 'AOH', date: '2026-12-01', x: 1 }],
  ])('refuses %s', (_name, body) => {
    expect(TrainSearchRequest.safeParse(body).success).toBe(false);
  });
});

describe('filterTrains', () => {
  const stop = (code: string, time: string) => ({
    station: { code, name: code, chineseName: code, traditionalName: code },
    time: `2026-12-01T${time}`,
    timeZone: 'Asia/Shanghai',
  });
  const trains = [
    { id: 'g', trainType: 'G' as const, departure: stop('VNP', '07:00'), arrival: stop('AOH', '11:30') },
    { id: 'd', trainType: 'D' as const, departure: stop('VNP', '13:00'), arrival: stop('SHH', '19:00') },
    { id: 'z', trainType: 'Z' as const, departure: stop('BJP', '19:30'), arrival: stop('SHH', '07:30') },
    { id: 'k', trainType: 'K' as const, departure: stop('BXP', '05:10'), arrival: stop('SHH', '05:00') },
  ];
  const ids = (f: Parameters<typeof filterTrains>[1]) => filterTrains(trains, f).map((t) => t.id);

  it('keeps everything without filters or with empty lists', () => {
    expect(ids({})).toEqual(['g', 'd', 'z', 'k']);
    expect(ids({ trainTypes: [], departureBands: [] })).toEqual(['g', 'd', 'z', 'k']);
  });

  it('filters by train type, departure band and stations, all together', () => {
    expect(ids({ trainTypes: ['G', 'D'] })).toEqual(['g', 'd']);
    expect(ids({ departureBands: ['early', 'evening'] })).toEqual(['z', 'k']);
    expect(ids({ departureStations: ['VNP'] })).toEqual(['g', 'd']);
    expect(ids({ arrivalStations: ['SHH'], trainTypes: ['Z', 'G'] })).toEqual(['z']);
  });
});

describe('railRefundQuote (12306 refund fee by time before departure)', () => {
  const departure = new Date('2026-12-10T08:00:00Z');
  const before = (hours: number) => new Date(departure.getTime() - hours * 3_600_000);

  it.each([
    ['8 days or more: free', 192, 0, 0],
    ['just under 8 days: 5 %', 191.9, 5, 2_750],
    ['48 h: 5 %', 48, 5, 2_750],
    ['just under 48 h: 10 %', 47.9, 10, 5_550],
    ['24 h: 10 %', 24, 10, 5_550],
    ['just under 24 h: 20 %', 23.9, 20, 11_050],
    ['a minute before: 20 %', 1 / 60, 20, 11_050],
  ])('%s', (_name, hours, percent, fee) => {
    // 553.00 yuan (Beijing South - Shanghai Hongqiao second class): 5 % = 27.65 -> 27.50 (rounded
    // to half a yuan, 0.65 counts 0.5), 10 % = 55.30 -> 55.50, 20 % = 110.60 -> 110.50.
    const quote = railRefundQuote(55_300, departure, before(hours));
    expect(quote).toEqual({ refundable: true, percent, feeMinor: fee, refundMinor: 55_300 - fee });
  });

  it('charges at least 2 yuan and never more than the price', () => {
    expect(railRefundQuote(1_000, departure, before(30))).toMatchObject({ feeMinor: 200, refundMinor: 800 });
    expect(railRefundQuote(150, departure, before(2))).toMatchObject({ feeMinor: 150, refundMinor: 0 });
  });

  it('refuses a refund once the train has left', () => {
    expect(railRefundQuote(55_300, departure, departure)).toEqual({ refundable: false, reason: 'departed' });
    expect(railRefundQuote(55_300, departure, before(-1))).toEqual({ refundable: false, reason: 'departed' });
  });

  it.each([
    [2_760, 2_750],
    [2_724, 2_700],
    [2_725, 2_750],
    [2_774, 2_750],
    [2_775, 2_800],
    [5_530, 5_550],
  ])('rounds %i fen to half a yuan: %i', (minor, rounded) => {
    expect(roundToHalfYuan(minor)).toBe(rounded);
  });
});

describe('the zod-free rail rules the booking page imports', () => {
  it('are what rail.ts re-exports, and the filter schema reads the plain filter', () => {
    expect(filterTrains).toBe(rules.filterTrains);
    expect(isHighSpeed).toBe(rules.isHighSpeed);
    expect(TRAIN_TYPES).toBe(rules.TRAIN_TYPES);
    expectTypeOf<TrainFilter>().toEqualTypeOf<rules.TrainFilter>();
    const filter: rules.TrainFilter = {
      trainTypes: ['G', 'K'],
      departureBands: [...rules.TIME_BAND_KEYS],
      departureStations: ['VNP'],
      arrivalStations: [],
    };
    expect(TrainFilter.parse(filter)).toEqual(filter);
  });
});
