import { describe, expect, it } from 'vitest';
import { type AncillaryContext, AncillarySelection, infantAdults, validateAncillaries } from './ancillaries';

const seat = (designator: string, extra: Partial<{ available: boolean; exit: boolean }> = {}) => ({
  designator,
  available: extra.available ?? true,
  features: extra.exit ? ['exit_row', 'window'] : ['window'],
  refusedTypes: extra.exit ? (['infant', 'child'] as const) : ([] as const),
});

const ctx: AncillaryContext = {
  seatMaps: [
    {
      segmentIndex: 0,
      rows: [
        { seats: [seat('1A'), seat('1B', { available: false }), null, seat('1C')] },
        { seats: [seat('12A', { exit: true }), seat('12B', { exit: true })] },
      ],
    },
  ],
  bags: [{ id: 'BAG23-0', passengerTypes: ['adult', 'child'], maxQuantity: 2 }],
  passengerTypes: ['adult', 'adult', 'child', 'infant'],
};

const sel = (passengerIndex: number, seats: [number, string][] = [], bags: [string, number][] = []) =>
  AncillarySelection.parse({
    passengerIndex,
    seats: seats.map(([segmentIndex, designator]) => ({ segmentIndex, designator })),
    bags: bags.map(([serviceId, quantity]) => ({ serviceId, quantity })),
  });

const keys = (s: AncillarySelection[], c = ctx) => validateAncillaries(s, c).map((e) => e.key);

describe('validateAncillaries', () => {
  it('accepts a free seat and bags within the maximum', () => {
    expect(keys([sel(1, [[0, '1A']], [['BAG23-0', 2]])])).toEqual([]);
  });

  it('refuses a seat that is taken or blocked, unknown, or picked by two passengers', () => {
    expect(keys([sel(1, [[0, '1B']])])).toEqual(['ancillary.rule.seatUnavailable']);
    expect(keys([sel(1, [[0, '9A']])])).toEqual(['ancillary.rule.seatUnknown']);
    expect(keys([sel(0, [[0, '1A']]), sel(1, [[0, '1A']])])).toEqual(['ancillary.rule.seatTaken']);
    expect(keys([sel(1, [[1, '1A']])])).toEqual(['ancillary.rule.noSeatMap']);
  });

  it('never seats a child in an exit row, nor an infant anywhere', () => {
    expect(keys([sel(2, [[0, '12A']])])).toEqual(['ancillary.rule.exitRowRefused']);
    expect(keys([sel(3, [[0, '1A']])])).toEqual(['ancillary.rule.infantNoSeat']);
  });

  it('keeps the adult holding an infant out of exit rows, not the other adult', () => {
    expect(infantAdults(ctx.passengerTypes)).toEqual(new Set([0]));
    expect(keys([sel(0, [[0, '12A']])])).toEqual(['ancillary.rule.exitRowInfantAdult']);
    expect(keys([sel(1, [[0, '12B']])])).toEqual([]);
  });

  it('refuses more bags than allowed, counting those already held, and bags for an infant', () => {
    expect(keys([sel(0, [], [['BAG23-0', 3]])])).toEqual(['ancillary.rule.bagQuantity']);
    const held = { ...ctx, heldBags: new Map([['0|BAG23-0', 2]]) };
    expect(keys([sel(0, [], [['BAG23-0', 1]])], held)).toEqual(['ancillary.rule.bagQuantity']);
    expect(keys([sel(3, [], [['BAG23-0', 1]])])).toEqual(['ancillary.rule.bagPassengerType']);
    expect(keys([sel(0, [], [['NOPE', 1]])])).toEqual(['ancillary.rule.bagUnknown']);
  });

  it('refuses an unknown or repeated passenger and names the path', () => {
    const errors = validateAncillaries([sel(9)], ctx);
    expect(errors).toEqual([
      { path: 'ancillaries.0.passengerIndex', key: 'ancillary.rule.passengerUnknown' },
    ]);
    expect(keys([sel(0), sel(0)])).toEqual(['ancillary.rule.passengerRepeated']);
  });

  it('counts a seat held by another passenger of the order as taken', () => {
    expect(keys([sel(1, [[0, '1A']])], { ...ctx, heldSeats: new Set(['0|1A']) })).toEqual([
      'ancillary.rule.seatTaken',
    ]);
  });
});
