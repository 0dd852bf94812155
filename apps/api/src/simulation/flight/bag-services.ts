import type {
  AncillarySelection,
  ConfirmedAncillaries,
  Offer,
  SupplierBagService,
  SupplierSeatMap,
} from '../../modules/shopping/index';
import { SupplierRefusal } from '../../modules/shopping/index';

/**
 * Simulated bag services: per leg (journey) one 23 kg piece; low-cost content also a cheaper
 * 20 kg piece per segment. Priced from the fare's paid-bag price when it has one, deterministic.
 */
export function bagServicesOf(offer: Offer): SupplierBagService[] {
  const base = offer.baggage.find((b) => b.paidBagPrice !== null)?.paidBagPrice ?? 20_000;
  const services: SupplierBagService[] = [];
  let first = 0;
  offer.legs.forEach((leg, legIndex) => {
    const segmentIndexes = leg.segments.map((_, i) => first + i);
    first += leg.segments.length;
    services.push({
      id: `BAG23-L${legIndex}`,
      segmentIndexes,
      passengerTypes: ['adult', 'child'],
      pieces: 1,
      weightKg: 23,
      priceMinor: base,
      maxQuantity: 3,
    });
    if (offer.contentType === 'lcc') {
      for (const segmentIndex of segmentIndexes) {
        services.push({
          id: `BAG20-S${segmentIndex}`,
          segmentIndexes: [segmentIndex],
          passengerTypes: ['adult', 'child'],
          pieces: 1,
          weightKg: 20,
          priceMinor: Math.round((base * 0.8) / 100) * 100,
          maxQuantity: 2,
        });
      }
    }
  });
  return services;
}

/**
 * What the simulated supplier confirms for a selection: the seats at their map price and the
 * bags at theirs; a seat the map shows taken or a service it does not sell is refused.
 */
export function confirmAncillaries(
  maps: readonly SupplierSeatMap[],
  bags: readonly SupplierBagService[],
  selections: readonly AncillarySelection[],
): ConfirmedAncillaries {
  const confirmed: {
    seats: ConfirmedAncillaries['seats'][number][];
    bags: ConfirmedAncillaries['bags'][number][];
  } = { seats: [], bags: [] };
  for (const sel of selections) {
    for (const choice of sel.seats) {
      const seat = maps
        .find((m) => m.segmentIndex === choice.segmentIndex)
        ?.rows.flatMap((r) => r.seats)
        .find((s) => s?.designator === choice.designator);
      if (!seat?.available) throw new SupplierRefusal(`seat ${choice.designator} is not available`);
      confirmed.seats.push({
        passengerIndex: sel.passengerIndex,
        segmentIndex: choice.segmentIndex,
        designator: choice.designator,
        priceMinor: seat.priceMinor,
      });
    }
    for (const choice of sel.bags) {
      const bag = bags.find((b) => b.id === choice.serviceId);
      if (!bag || choice.quantity > bag.maxQuantity) {
        throw new SupplierRefusal(`bag ${choice.serviceId} is not sold`);
      }
      confirmed.bags.push({
        passengerIndex: sel.passengerIndex,
        serviceId: bag.id,
        segmentIndexes: bag.segmentIndexes,
        quantity: choice.quantity,
        weightKg: bag.weightKg,
        priceMinor: bag.priceMinor * choice.quantity,
      });
    }
  }
  return confirmed;
}
