import { describe, expect, it } from 'vitest';
import type { Offer, OfferSegment, SupplierQuery } from '../../modules/shopping/index';
import { TRAVEL_DATE } from '../../modules/shopping/shopping.test-helpers';
import { bagServicesOf, confirmAncillaries } from './bag-services';
import { seatMapOf, seatMapsOf } from './seat-maps';
import { createSimGds } from './sim-gds';
import { createSimLcc } from './sim-lcc';

const options = { latencyScale: 0, seed: 'seat-test', offers: 'in-thread' as const };
const query: SupplierQuery = {
  legs: [{ origins: ['PEK', 'PKX'], destinations: ['PVG', 'SHA'], date: TRAVEL_DATE }],
  passengers: { adult: 1, child: 1, infant: 1 },
  cabin: 'economy',
};
const never = () => new AbortController().signal;

function firstOffer(supplier = createSimGds(options)): Offer {
  const offer = supplier.offersFor(query)[0];
  if (!offer) throw new Error('no offer');
  return offer;
}

const segmentOf = (offer: Offer, over: Partial<OfferSegment> = {}): OfferSegment => {
  const segment = offer.legs[0]?.segments[0];
  if (!segment) throw new Error('no segment');
  return { ...segment, ...over };
};

const letters = (map: ReturnType<typeof seatMapOf>) => map.columns.join('');

describe('simulated seat maps', () => {
  it('are the same for the same flight, asked twice or by another supplier', async () => {
    const offer = firstOffer();
    const gds = createSimGds(options);
    expect(await gds.seatMaps(offer, never())).toEqual(seatMapsOf(offer));
    expect(seatMapsOf(structuredClone(offer))).toEqual(seatMapsOf(offer));
  });

  it('lay cabins out by aircraft type', () => {
    const offer = firstOffer();
    expect(letters(seatMapOf(segmentOf(offer, { aircraft: '320' }), 0))).toBe('ABCDEF');
    expect(seatMapOf(segmentOf(offer, { aircraft: '738' }), 0).columns).toEqual([
      'A',
      'B',
      'C',
      '',
      'D',
      'E',
      'F',
    ]);
    expect(letters(seatMapOf(segmentOf(offer, { aircraft: '333' }), 0))).toBe('ACDEFGHK');
    expect(letters(seatMapOf(segmentOf(offer, { aircraft: '789' }), 0))).toBe('ABCDEFGHK');
    expect(letters(seatMapOf(segmentOf(offer, { aircraft: '77W' }), 0))).toBe('ABCDEFGHJK');
    const business = seatMapOf(segmentOf(offer, { aircraft: '77W', cabin: 'business' }), 0);
    expect(business.columns).toEqual(['A', '', 'D', 'G', '', 'K']);
    expect(business.rows[0]?.row).toBe(1);
  });

  it('mark exit rows with extra legroom, paid, refusing infants and children', () => {
    const map = seatMapOf(segmentOf(firstOffer(), { aircraft: '320' }), 0);
    const row12 = map.rows.find((r) => r.row === 12)?.seats.filter((s) => s !== null) ?? [];
    expect(row12).toHaveLength(6);
    for (const seat of row12) {
      expect(seat.features).toEqual(expect.arrayContaining(['exit_row', 'extra_legroom']));
      expect(seat.refusedTypes).toEqual(['infant', 'child']);
      expect(seat.priceMinor).toBeGreaterThan(0);
    }
    const row20 = map.rows.find((r) => r.row === 20)?.seats ?? [];
    expect(row20.every((s) => s === null || (s.priceMinor === 0 && s.refusedTypes.length === 0))).toBe(true);
    expect(row20[0]?.features).toEqual(['window']);
    expect(row20[2]?.features).toEqual(['aisle']);
    expect(row20[1]?.features).toEqual(['middle']);
  });

  it('show some seats taken and most free', () => {
    const seats = seatMapsOf(firstOffer())
      .flatMap((m) => m.rows.flatMap((r) => r.seats))
      .filter((s) => s);
    const taken = seats.filter((s) => s && !s.available).length;
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(seats.length);
  });
});

describe('simulated bag services', () => {
  it('sell a 23 kg piece per leg, and low-cost content a 20 kg piece per segment', () => {
    const gdsBags = bagServicesOf(firstOffer());
    expect(gdsBags.map((b) => [b.id, b.weightKg, b.passengerTypes])).toEqual([
      ['BAG23-L0', 23, ['adult', 'child']],
    ]);
    const lcc = createSimLcc(options).offersFor({
      ...query,
      legs: [{ origins: ['CAN'], destinations: ['BKK'], date: TRAVEL_DATE }],
    })[0];
    if (lcc) expect(bagServicesOf(lcc).some((b) => b.weightKg === 20)).toBe(true);
  });

  it('confirm a selection at the map and service prices, and refuse a taken seat', () => {
    const offer = firstOffer();
    const maps = seatMapsOf(offer);
    const bags = bagServicesOf(offer);
    const seats = maps[0]?.rows.flatMap((r) => r.seats) ?? [];
    const free = seats.find((s) => s?.available && s.priceMinor > 0);
    const taken = seats.find((s) => s && !s.available);
    if (!free || !taken) throw new Error('map without free and taken seats');
    const confirmed = confirmAncillaries(maps, bags, [
      {
        passengerIndex: 0,
        seats: [{ segmentIndex: 0, designator: free.designator }],
        bags: [{ serviceId: 'BAG23-L0', quantity: 2 }],
      },
    ]);
    expect(confirmed.seats[0]?.priceMinor).toBe(free.priceMinor);
    expect(confirmed.bags[0]?.priceMinor).toBe((bags[0]?.priceMinor ?? 0) * 2);
    expect(() =>
      confirmAncillaries(maps, bags, [
        { passengerIndex: 0, seats: [{ segmentIndex: 0, designator: taken.designator }], bags: [] },
      ]),
    ).toThrow(/not available/);
  });
});
