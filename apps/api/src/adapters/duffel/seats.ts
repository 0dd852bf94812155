/*
 * Seats and bags of a Duffel offer in the portal's terms: seat maps (`GET /air/seat_maps`), the
 * bags among the offer's available services, and a booking's choices as the `services` of
 * `POST /air/orders` with what they cost.
 */
import type { PassengerType } from '@portal/domain/shopping';
import type {
  Offer as DuffelOffer,
  OfferAvailableServiceBaggage,
  Order as DuffelOrder,
  SeatMap,
  SeatMapCabinRowSectionElement,
  SeatMapCabinRowSectionElementSeat,
} from '@duffel/api/types';
import type {
  AncillarySelection,
  ConfirmedAncillaries,
  SeatFeature,
  SupplierBagService,
  SupplierSeat,
  SupplierSeatMap,
  SupplierSeatRow,
} from '../../modules/shopping/index';
import { type Mapped, minorOf, OFFER_CURRENCY, portalCabin, portalPassengerType } from './map-offer';

/** Slices with their segments' ids: an offer's or an order's. */
export interface WithSegments {
  slices: readonly { segments: readonly { id: string }[] }[];
}

/** The segment ids in the portal's order (flattened, leg by leg). */
export function segmentIdsOf(offer: WithSegments): string[] {
  return offer.slices.flatMap((slice) => slice.segments.map((segment) => segment.id));
}

const isSeat = (e: SeatMapCabinRowSectionElement): e is SeatMapCabinRowSectionElementSeat =>
  e.type === 'seat' || e.type === 'restricted_seat_general';

const rowNumber = (designator: string) => Number.parseInt(designator, 10);
const letterOf = (designator: string) => designator.replace(/^\d+/, '');

/** The price of a seat to any passenger of the offer (Duffel prices it per passenger); null when no one may take it. */
function seatPrice(seat: SeatMapCabinRowSectionElementSeat): number | null {
  const prices = seat.available_services
    .filter((s) => s.total_currency === OFFER_CURRENCY)
    .map((s) => minorOf(s.total_amount))
    .filter((p): p is number => p !== null);
  return prices.length > 0 ? Math.min(...prices) : null;
}

/**
 * One Duffel seat map as the portal's: the columns are the seat letters of each section with an
 * aisle ('') between sections; a seat without a service for anyone is not available; a row with an
 * exit element is an exit row (no children or infants); a bassinet element marks its row.
 */
export function mapSeatMap(
  map: SeatMap,
  segmentIndex: number,
  aircraft: string,
): SupplierSeatMap | undefined {
  const cabin = map.cabins[0];
  const cabinClass = portalCabin(cabin?.cabin_class);
  if (!cabin || !cabinClass) return undefined;
  const sectionLetters: string[][] = [];
  for (const row of cabin.rows) {
    row.sections.forEach((section, i) => {
      const letters = section.elements.filter(isSeat).map((e) => letterOf(e.designator));
      const known = sectionLetters[i] ?? [];
      for (const letter of letters) if (!known.includes(letter)) known.push(letter);
      sectionLetters[i] = known.sort();
    });
  }
  const columns = sectionLetters.flatMap((letters, i) => (i === 0 ? letters : ['', ...letters]));
  const first = columns[0];
  const last = columns.at(-1);
  const aisleSide = new Set(
    columns.flatMap((c, i) => (c !== '' && (columns[i - 1] === '' || columns[i + 1] === '') ? [c] : [])),
  );
  const rows: SupplierSeatRow[] = [];
  for (const row of cabin.rows) {
    const elements = row.sections.flatMap((s) => s.elements);
    const seats = elements.filter(isSeat);
    const number = rowNumber(seats[0]?.designator ?? '');
    if (!Number.isFinite(number)) continue;
    const exit = elements.some((e) => e.type === 'exit_row');
    const bassinet = elements.some((e) => e.type === 'bassinet');
    const byLetter = new Map(seats.map((s) => [letterOf(s.designator), s]));
    rows.push({
      row: number,
      seats: columns.map((column): SupplierSeat | null => {
        const seat = column === '' ? undefined : byLetter.get(column);
        if (!seat) return null;
        const price = seatPrice(seat);
        const features: SeatFeature[] = [
          column === first || column === last ? 'window' : aisleSide.has(column) ? 'aisle' : 'middle',
          ...(exit ? (['exit_row'] as const) : []),
          ...(bassinet ? (['bassinet'] as const) : []),
        ];
        return {
          designator: seat.designator,
          available: seat.type === 'seat' && price !== null,
          priceMinor: price ?? 0,
          features,
          refusedTypes: exit ? ['child', 'infant'] : [],
        };
      }),
    });
  }
  return { segmentIndex, aircraft, cabin: cabinClass, columns, rows };
}

/** The offer's bags as the portal's bag services (a bag in another currency or of an unknown passenger type is left out). */
export function mapBagServices(
  offer: Pick<DuffelOffer, 'slices' | 'passengers' | 'available_services'>,
): SupplierBagService[] {
  const segmentIds = segmentIdsOf(offer);
  const typeOf = new Map(offer.passengers.map((p) => [p.id, portalPassengerType(p.type)]));
  const bags = (offer.available_services ?? []).filter(
    (s): s is OfferAvailableServiceBaggage => s.type === 'baggage' && s.metadata.type === 'checked',
  );
  return bags.flatMap((bag) => {
    const price = minorOf(bag.total_amount);
    const types = [...new Set(bag.passenger_ids.map((id) => typeOf.get(id)))];
    if (bag.total_currency !== OFFER_CURRENCY || price === null || types.some((t) => t === undefined))
      return [];
    return [
      {
        id: bag.id,
        segmentIndexes: bag.segment_ids.map((id) => segmentIds.indexOf(id)).filter((i) => i >= 0),
        passengerTypes: types.filter((t): t is PassengerType => t !== undefined),
        pieces: 1,
        weightKg: bag.metadata.maximum_weight_kg ?? 0,
        priceMinor: price,
        maxQuantity: bag.maximum_quantity,
      },
    ];
  });
}

/** One service of an order to be created, with what the portal records of it. */
export interface ChosenServices {
  services: { id: string; quantity: number }[];
  totalMinor: number;
}

/**
 * The Duffel services of a booking's seats and bags: a seat's service is the one its seat map
 * offers that passenger, a bag the offer's service sold to that passenger. Refused when a choice
 * is not offered (a taken seat, a bag not sold to that passenger, more than its maximum).
 */
export function chooseServices(
  offer: Pick<DuffelOffer, 'slices' | 'available_services'>,
  seatMaps: readonly SeatMap[],
  passengerIds: readonly string[],
  selections: readonly AncillarySelection[],
): Mapped<ChosenServices> {
  const segmentIds = segmentIdsOf(offer);
  const services: { id: string; quantity: number }[] = [];
  let totalMinor = 0;
  for (const selection of selections) {
    const passengerId = passengerIds[selection.passengerIndex];
    if (!passengerId) return { ok: false, reason: `no passenger ${selection.passengerIndex}` };
    for (const choice of selection.seats) {
      const map = seatMaps.find((m) => m.segment_id === segmentIds[choice.segmentIndex]);
      const seat = map?.cabins
        .flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)))
        .filter(isSeat)
        .find((e) => e.designator === choice.designator);
      const service = seat?.available_services.find((s) => s.passenger_id === passengerId);
      const price = minorOf(service?.total_amount);
      if (!service || price === null || service.total_currency !== OFFER_CURRENCY) {
        return {
          ok: false,
          reason: `seat ${choice.designator} is not offered to passenger ${selection.passengerIndex + 1}`,
        };
      }
      services.push({ id: service.id, quantity: 1 });
      totalMinor += price;
    }
    for (const bag of selection.bags) {
      const service = (offer.available_services ?? []).find((s) => s.id === bag.serviceId);
      const price = minorOf(service?.total_amount);
      if (
        !service ||
        service.type !== 'baggage' ||
        !service.passenger_ids.includes(passengerId) ||
        bag.quantity < 1 ||
        bag.quantity > service.maximum_quantity ||
        price === null ||
        service.total_currency !== OFFER_CURRENCY
      ) {
        return {
          ok: false,
          reason: `bag ${bag.serviceId} is not offered to passenger ${selection.passengerIndex + 1}`,
        };
      }
      services.push({ id: service.id, quantity: bag.quantity });
      totalMinor += price * bag.quantity;
    }
  }
  return { ok: true, value: { services, totalMinor } };
}

/** The seats and bags an order holds, as the portal records them. */
export function confirmedAncillaries(
  order: Pick<DuffelOrder, 'services'>,
  offer: WithSegments,
  passengerIds: readonly string[],
): ConfirmedAncillaries {
  const segmentIds = segmentIdsOf(offer);
  const seats: ConfirmedAncillaries['seats'][number][] = [];
  const bags: ConfirmedAncillaries['bags'][number][] = [];
  for (const service of order.services ?? []) {
    const passengerIndex = passengerIds.indexOf(service.passenger_ids[0] ?? '');
    const segmentIndexes = service.segment_ids.map((id) => segmentIds.indexOf(id)).filter((i) => i >= 0);
    const priceMinor = minorOf(service.total_amount) ?? 0;
    if (passengerIndex < 0) continue;
    if (service.type === 'seat' && service.metadata && 'designator' in service.metadata) {
      seats.push({
        passengerIndex,
        segmentIndex: segmentIndexes[0] ?? 0,
        designator: service.metadata.designator,
        priceMinor,
      });
    } else if (service.type === 'baggage') {
      const weight =
        service.metadata && 'maximum_weight_kg' in service.metadata
          ? service.metadata.maximum_weight_kg
          : null;
      bags.push({
        passengerIndex,
        serviceId: service.id,
        segmentIndexes,
        quantity: service.quantity,
        weightKg: weight ?? 0,
        priceMinor,
      });
    }
  }
  return { seats, bags };
}
