import { describe, expect, it } from 'vitest';
import { AccurateSearchRequest, ShoppingRequest } from './shopping';

const request = (extra: Record<string, unknown> = {}) => ({
  journeys: [{ origin: 'pek', destination: 'SHA', date: '2030-05-01' }],
  passengers: { adult: 1, child: 0, infant: 0 },
  cabinClass: 'economy',
  bookingType: 'oneway',
  ...extra,
});

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('ShoppingRequest', () => {
  it('reads a one-way search with upper-case codes and the price sort', () => {
    expect(ShoppingRequest.parse(request())).toMatchObject({
      journeys: [{ origin: 'PEK', destination: 'SHA' }],
      sort: 'price',
    });
  });

  it.each(['9999-12-31', '1899-12-31', '2030-02-30', '2030-5-1'])('refuses the date %s', (date) => {
    const journeys = [{ origin: 'PEK', destination: 'SHA', date, returnDate: date }];
    expect(paths(ShoppingRequest.safeParse(request({ journeys })))).toEqual([
      'journeys.0.date',
      'journeys.0.returnDate',
    ]);
  });

  it('leaves an empty journey list to the journey rules (their own message key)', () => {
    expect(ShoppingRequest.safeParse(request({ journeys: [] })).success).toBe(true);
  });

  it('takes one journey for one-way and return trips, several for multi-city', () => {
    const two = [
      { origin: 'PEK', destination: 'SHA', date: '2030-05-01' },
      { origin: 'SHA', destination: 'CAN', date: '2030-05-02' },
    ];
    expect(paths(ShoppingRequest.safeParse(request({ journeys: two })))).toEqual(['journeys']);
    expect(paths(ShoppingRequest.safeParse(request({ journeys: two, bookingType: 'roundtrip' })))).toEqual([
      'journeys',
    ]);
    expect(ShoppingRequest.safeParse(request({ journeys: two, bookingType: 'multicity' })).success).toBe(
      true,
    );
  });
});

describe('AccurateSearchRequest', () => {
  it('refuses a segment dated outside 1900-2199', () => {
    const segment = {
      carrier: 'CA',
      flightNumber: '1501',
      origin: 'PEK',
      destination: 'SHA',
      date: '9999-12-31',
    };
    const result = AccurateSearchRequest.safeParse({
      segments: [segment],
      passengers: { adult: 1, child: 0, infant: 0 },
    });
    expect(paths(result)).toEqual(['segments.0.date']);
  });
});
