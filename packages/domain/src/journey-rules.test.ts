import { describe, expect, it } from 'vitest';
import { defaultSearchDate, validateJourneys, type JourneyInput } from './journey-rules';
import { MAX_MULTI_CITY_LEGS } from './limits';

const CITY: Record<string, string> = {
  PEK: 'BJS',
  PKX: 'BJS',
  SHA: 'SHA',
  PVG: 'SHA',
  JFK: 'NYC',
  LGA: 'NYC',
};
const cityOf = (code: string): string => CITY[code] ?? code;

const leg = (origin: string, destination: string, date = '2026-12-01'): JourneyInput => ({
  origin,
  destination,
  date,
});

describe('validateJourneys (spec §5)', () => {
  it('rejects an empty list with flight.booking.journeyError.empty only', () => {
    expect(validateJourneys([], cityOf)).toEqual([{ key: 'flight.booking.journeyError.empty' }]);
  });

  it.each([
    ['PEK', 'PKX', 'two Beijing airports'],
    ['SHA', 'PVG', 'two Shanghai airports'],
    ['PVG', 'SHA', 'an airport and its own city code'],
    ['PEK', 'PEK', 'the same airport'],
    ['pek', 'pkx', 'lower-case codes'],
    [' JFK', 'LGA ', 'codes with spaces'],
    ['XYZ', 'xyz', 'an unknown code and itself'],
  ])('rejects %s -> %s (%s) as the same city', (origin, destination) => {
    expect(validateJourneys([leg(origin, destination)], cityOf)).toEqual([
      { key: 'order.flight.booking.journeyError.rules', legIndex: 0 },
    ]);
  });

  it('compares city codes case-insensitively', () => {
    expect(validateJourneys([leg('PEK', 'PKX')], (c) => (c === 'PEK' ? 'bjs' : 'BJS'))).toHaveLength(1);
  });

  it.each([
    ['PEK', 'SHA'],
    ['PKX', 'PVG'],
    ['JFK', 'PEK'],
  ])('accepts %s -> %s', (origin, destination) => {
    expect(validateJourneys([leg(origin, destination)], cityOf)).toEqual([]);
  });

  it('names the leg whose cities match', () => {
    const journeys = [leg('PEK', 'SHA', '2026-12-01'), leg('SHA', 'PVG', '2026-12-02')];
    expect(validateJourneys(journeys, cityOf)).toEqual([
      { key: 'order.flight.booking.journeyError.rules', legIndex: 1 },
    ]);
  });

  it('reports each missing field of each leg', () => {
    const journeys: JourneyInput[] = [{}, { origin: 'PEK', destination: ' ', date: null }, leg('SHA', 'PEK')];
    expect(validateJourneys(journeys, cityOf)).toEqual([
      { key: 'flight.booking.journeyError.originRequired', legIndex: 0 },
      { key: 'flight.booking.journeyError.destinationRequired', legIndex: 0 },
      { key: 'flight.booking.journeyError.dateRequired', legIndex: 0 },
      { key: 'flight.booking.journeyError.destinationRequired', legIndex: 1 },
      { key: 'flight.booking.journeyError.dateRequired', legIndex: 1 },
    ]);
  });

  it.each(['2026-02-30', '2026/12/01', '01DEC26', '2026-12-1'])('counts the date %j as missing', (date) => {
    expect(validateJourneys([leg('PEK', 'SHA', date)], cityOf)).toEqual([
      { key: 'flight.booking.journeyError.dateRequired', legIndex: 0 },
    ]);
  });

  const legs = (n: number): JourneyInput[] =>
    Array.from({ length: n }, (_, i) =>
      leg(i % 2 ? 'SHA' : 'PEK', i % 2 ? 'PEK' : 'SHA', `2026-12-0${i + 1}`),
    );

  it('accepts five legs and rejects six (spec §9 multi-city maximum)', () => {
    expect(MAX_MULTI_CITY_LEGS).toBe(5);
    expect(validateJourneys(legs(5), cityOf)).toEqual([]);
    expect(validateJourneys(legs(6), cityOf)).toEqual([{ key: 'flight.booking.journeyError.tooMany' }]);
  });

  it('takes a smaller maximum from the options', () => {
    expect(validateJourneys(legs(2), cityOf, { maxLegs: 1 })).toEqual([
      { key: 'flight.booking.journeyError.tooMany' },
    ]);
  });

  it('rejects a leg dated before an earlier leg, and allows the same day', () => {
    const journeys = [
      leg('PEK', 'SHA', '2026-12-05'),
      leg('SHA', 'JFK', '2026-12-05'),
      leg('JFK', 'PEK', '2026-12-04'),
    ];
    expect(validateJourneys(journeys, cityOf)).toEqual([
      { key: 'flight.booking.journeyError.dateOrder', legIndex: 2 },
    ]);
  });

  it('compares a date with the latest earlier date, not only the previous leg', () => {
    const journeys = [
      leg('PEK', 'SHA', '2026-12-10'),
      leg('SHA', 'JFK', '2026-12-03'),
      leg('JFK', 'PEK', '2026-12-05'),
    ];
    expect(validateJourneys(journeys, cityOf)).toEqual([
      { key: 'flight.booking.journeyError.dateOrder', legIndex: 1 },
      { key: 'flight.booking.journeyError.dateOrder', legIndex: 2 },
    ]);
  });
});

describe('validateJourneys: today and multi-city airports', () => {
  it('rejects a leg dated before today and accepts today itself', () => {
    const journeys = [leg('PEK', 'SHA', '2026-11-21'), leg('SHA', 'PEK', '2026-11-22')];
    expect(validateJourneys(journeys, cityOf, { today: '2026-11-22' })).toEqual([
      { key: 'flight.booking.journeyError.datePast', legIndex: 0 },
    ]);
    expect(validateJourneys([leg('PEK', 'SHA', '2026-11-22')], cityOf, { today: '2026-11-22' })).toEqual([]);
  });

  it('does not look at the calendar without a today', () => {
    expect(validateJourneys([leg('PEK', 'SHA', '1999-01-01')], cityOf)).toEqual([]);
  });

  it.each(['9999-12-31', '1899-12-31', '2200-01-01'])(
    'counts the out-of-range date %s as missing',
    (date) => {
      expect(validateJourneys([leg('PEK', 'SHA', date)], cityOf, { today: '2026-11-22' })).toEqual([
        { key: 'flight.booking.journeyError.dateRequired', legIndex: 0 },
      ]);
    },
  );

  const AIRPORTS = new Set(['PEK', 'PKX', 'SHA', 'PVG', 'CAN']);
  const isAirport = (c: string) => AIRPORTS.has(c);

  it('rejects a city where a multi-city trip takes airports only (BJS -> SHA, SHA -> CAN)', () => {
    const journeys = [leg('BJS', 'SHA', '2026-12-01'), leg('SHA', 'CAN', '2026-12-02')];
    expect(validateJourneys(journeys, cityOf, { isAirport })).toEqual([
      { key: 'flight.booking.journeyError.airportOnly', legIndex: 0 },
    ]);
    const byAirport = [leg('PEK', 'SHA', '2026-12-01'), leg('pvg', 'CAN', '2026-12-02')];
    expect(validateJourneys(byAirport, cityOf, { isAirport })).toEqual([]);
  });

  it('names a city destination once per leg, beside a missing origin', () => {
    expect(validateJourneys([{ destination: 'NYC', date: '2026-12-01' }], cityOf, { isAirport })).toEqual([
      { key: 'flight.booking.journeyError.originRequired', legIndex: 0 },
      { key: 'flight.booking.journeyError.airportOnly', legIndex: 0 },
    ]);
  });
});

describe('defaultSearchDate (spec §3: tomorrow)', () => {
  it.each([
    ['2026-11-22', '2026-11-23'],
    ['2026-11-30', '2026-12-01'],
    ['2026-12-31', '2027-01-01'],
    ['2028-02-28', '2028-02-29'],
    ['2027-02-28', '2027-03-01'],
  ])('after %s is %s', (today, tomorrow) => {
    expect(defaultSearchDate(today)).toBe(tomorrow);
  });

  it('rejects a today that is not a date', () => {
    expect(() => defaultSearchDate('22/11/2026')).toThrow(RangeError);
  });
});
