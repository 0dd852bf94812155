import type { ShoppingRequest, Solution, SolutionsDelta, SolutionsResult } from '@portal/domain/shopping';

interface SolutionSpec {
  id: string;
  carrier?: string;
  flightNumber?: string;
  departure?: string;
  arrival?: string;
  total?: string;
  stops?: string[];
  checkedPieces?: number;
}

/** A CNY solution PEK → SHA with the given id, carrier, times, total and connection airports. */
export function makeSolution(spec: SolutionSpec): Solution {
  const carrier = spec.carrier ?? 'CA';
  const departure = spec.departure ?? '2030-05-01T08:00';
  const arrival = spec.arrival ?? '2030-05-01T10:15';
  const total = spec.total ?? '1000.00';
  const points = ['PEK', ...(spec.stops ?? []), 'SHA'];
  const segments = points.slice(0, -1).map((from, i) => ({
    marketingCarrier: carrier,
    operatingCarrier: carrier,
    flightNumber: `${spec.flightNumber ?? '1501'}${i || ''}`,
    aircraft: '789',
    departure: {
      airport: from,
      terminal: '3',
      time: i === 0 ? departure : '2030-05-01T09:00',
      timeZone: 'Asia/Shanghai',
    },
    arrival: { airport: points[i + 1] ?? 'SHA', terminal: null, time: arrival, timeZone: 'Asia/Shanghai' },
    durationMinutes: 135,
    cabin: 'economy' as const,
    bookingClass: 'Y',
    fareBasis: 'YOW',
  }));
  const pieces = spec.checkedPieces ?? 1;
  return {
    id: spec.id,
    supplier: null,
    contentType: 'gds',
    validatingCarrier: carrier,
    legs: [{ segments, durationMinutes: 135, arrivalDayOffset: 0 }],
    cabin: 'economy',
    fareFamily: 'Economy Standard',
    priceDetail: {
      productType: 'normal',
      priceList: [
        {
          passengerType: 'adult',
          count: 1,
          price: total,
          tax: '0.00',
          fuelSurcharge: '0.00',
          airportTax: '0.00',
          salePrice: total,
          currency: 'CNY',
        },
      ],
      total: { amount: total, currency: 'CNY' },
    },
    baggage: [
      {
        passengerType: 'adult',
        carryOn: { pieces: 1, weightKg: 7, dimensions: '55x40x20 cm' },
        checked: { pieces, weightKg: pieces ? 23 : null, dimensions: null },
        paidBagPrice: null,
      },
    ],
    rules: {
      change: { allowed: true, fee: { amount: '100.00', currency: 'CNY' }, note: '' },
      refund: { allowed: false, fee: null, note: '' },
      noShow: { allowed: false, fee: null, note: '' },
    },
    restrictions: {
      minAge: null,
      maxAge: null,
      documentTypes: ['passport'],
      eligibleCountries: [],
      ineligibleCountries: [],
      invoiceType: 'itinerary',
      ticketingChannel: 'BSP',
      productType: 'normal',
    },
    ticketingTier: 'fast-standard',
    seatsLeft: 9,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    families: [],
  };
}

export const PEK_SHA: ShoppingRequest = {
  journeys: [{ origin: 'PEK', destination: 'SHA', date: '2030-05-01' }],
  passengers: { adult: 1, child: 0, infant: 0 },
  cabinClass: 'economy',
  bookingType: 'oneway',
  sort: 'price',
};

/** A solutions answer. */
export function solutionsResult(solutions: Solution[], finished = true): SolutionsResult {
  return {
    finished,
    suppliers: [
      { name: 'gds', status: 'done', count: solutions.length, elapsedMs: 300 },
      { name: 'ndc', status: finished ? 'done' : 'pending', count: 0, elapsedMs: 0 },
    ],
    solutions,
    currency: 'CNY',
  };
}

/** A poll's answer carrying the whole list (`reset`), as the first poll of a search gets it. */
export function solutionsDelta(solutions: Solution[], finished = true, cursor = '1'): SolutionsDelta {
  return { ...solutionsResult(solutions, finished), reset: true, removed: [], families: [], cursor };
}
