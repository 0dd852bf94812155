import type { Offer, SupplierQuery } from '../../modules/shopping/index';

/** The query that finds exactly the flights of an offer again. */
export function exactQueryOf(offer: Offer): SupplierQuery {
  const segments = offer.legs.flatMap((l) => l.segments);
  return {
    legs: offer.legs.map((l) => ({
      origins: [l.segments[0]?.origin ?? ''],
      destinations: [l.segments.at(-1)?.destination ?? ''],
      date: l.segments[0]?.departureLocal.slice(0, 10) ?? '',
    })),
    passengers: offer.passengers,
    cabin: offer.cabin,
    exact: segments.map((s) => ({
      carrier: s.carrier,
      flightNumber: s.flightNumber,
      origin: s.origin,
      destination: s.destination,
      date: s.departureLocal.slice(0, 10),
    })),
  };
}
