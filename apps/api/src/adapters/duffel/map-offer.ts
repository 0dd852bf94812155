/*
 * Duffel's offers in the portal's terms (`Offer`), and the portal's searches in Duffel's
 * (`POST /air/offer_requests`). What has no mapping is refused with a reason, never guessed.
 */
import type { FareTerms } from '@portal/domain/fare-terms';
import { uniformWindows } from '@portal/domain/fare-terms';
import type { Cabin, PassengerCounts, PassengerType } from '@portal/domain/shopping';
import { getAirport } from '@portal/reference-data/airports';
import type {
  Airport as DuffelAirport,
  CabinClass,
  CreateOfferRequest,
  FlightsCondition,
  Offer as DuffelOffer,
  OfferSliceSegment,
  PassengerType as DuffelPassengerType,
} from '@duffel/api/types';
import type {
  Offer,
  OfferBaggage,
  OfferPenalty,
  OfferRules,
  OfferSegment,
  PassengerAmounts,
  SupplierQuery,
} from '../../modules/shopping/index';
import { instantAt } from '../../platform/time-zones';

export const DUFFEL_SUPPLIER = 'duffel';
/** The only currency the port's `Offer` carries today; Duffel offers in another are refused. */
export const OFFER_CURRENCY = 'CNY';
/** Tickets are issued when a Duffel order is paid: the fastest tier. */
export const DUFFEL_TICKETING_TIER = 'fast-standard';

/** A mapping that worked, or the reason it could not. */
export type Mapped<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Mapped<T> => ({ ok: true, value });
const refused = <T>(reason: string): Mapped<T> => ({ ok: false, reason });

/** Duffel's decimal amount (`"1234.5"`) in minor units of a two-decimal currency; null when unreadable. */
export function minorOf(amount: string | null | undefined): number | null {
  if (amount === null || amount === undefined) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as Duffel writes amounts (`"1234.50"`). */
export function decimalOf(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

const CABIN_TO_DUFFEL: Record<Cabin, CabinClass> = {
  first: 'first',
  premium_first: 'first',
  business: 'business',
  premium_business: 'business',
  premium_economy: 'premium_economy',
  economy: 'economy',
};

const CABIN_FROM_DUFFEL: Record<CabinClass, Cabin> = {
  first: 'first',
  business: 'business',
  premium_economy: 'premium_economy',
  economy: 'economy',
};

/** The portal's cabin as Duffel searches it (the premium tiers of first and business are theirs). */
export function duffelCabin(cabin: Cabin): CabinClass {
  return CABIN_TO_DUFFEL[cabin];
}

/** Duffel's cabin class in the portal's; undefined for one it does not name. */
export function portalCabin(cabin: string | null | undefined): Cabin | undefined {
  return cabin !== null && cabin !== undefined && cabin in CABIN_FROM_DUFFEL
    ? CABIN_FROM_DUFFEL[cabin as CabinClass]
    : undefined;
}

const TYPE_TO_DUFFEL: Record<PassengerType, DuffelPassengerType> = {
  adult: 'adult',
  child: 'child',
  infant: 'infant_without_seat',
};

/** ADT/CHD/INF as Duffel names them. */
export function duffelPassengerType(type: PassengerType): DuffelPassengerType {
  return TYPE_TO_DUFFEL[type];
}

/** Duffel's passenger type in the portal's; undefined for any other (an age-only passenger). */
export function portalPassengerType(type: string | null | undefined): PassengerType | undefined {
  if (type === 'adult') return 'adult';
  if (type === 'child') return 'child';
  if (type === 'infant_without_seat') return 'infant';
  return undefined;
}

/** The passengers of a search, in Duffel's order: adults, then children, then infants. */
export function passengerTypesOf(counts: PassengerCounts): PassengerType[] {
  return [
    ...Array<PassengerType>(counts.adult).fill('adult'),
    ...Array<PassengerType>(counts.child).fill('child'),
    ...Array<PassengerType>(counts.infant).fill('infant'),
  ];
}

/** Most offer requests one search sends (each leg's airports multiply them). */
export const MAX_OFFER_REQUESTS = 4;

/**
 * The offer requests of a search: one per combination of the legs' airports (a metro city gives
 * several), at most `MAX_OFFER_REQUESTS`, the first airports first.
 */
export function offerRequestsOf(query: SupplierQuery): CreateOfferRequest[] {
  let combos: { origin: string; destination: string; departure_date: string }[][] = [[]];
  for (const leg of query.legs) {
    const pairs = leg.origins.flatMap((origin) =>
      leg.destinations.map((destination) => ({ origin, destination, departure_date: leg.date })),
    );
    combos = combos.flatMap((combo) => pairs.map((pair) => [...combo, pair])).slice(0, MAX_OFFER_REQUESTS);
  }
  const passengers = passengerTypesOf(query.passengers).map((type) => ({ type: duffelPassengerType(type) }));
  return combos.map((slices) => ({
    slices,
    passengers,
    cabin_class: duffelCabin(query.cabin),
  })) as CreateOfferRequest[];
}

function timeZoneOf(airport: DuffelAirport): string | undefined {
  return airport.time_zone || getAirport(airport.iata_code ?? '')?.timeZone;
}

function utcOf(local: string, timeZone: string): string {
  const [date = '', time = ''] = local.split('T');
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return instantAt(timeZone, { year, month, day, hour, minute }).toISOString();
}

/** One of Duffel's segments as the portal's; refused when an airport's time zone is unknown. */
export function mapSegment(
  segment: Pick<
    OfferSliceSegment,
    | 'aircraft'
    | 'arriving_at'
    | 'departing_at'
    | 'destination'
    | 'destination_terminal'
    | 'marketing_carrier'
    | 'marketing_carrier_flight_number'
    | 'operating_carrier'
    | 'origin'
    | 'origin_terminal'
  >,
  cabin: Cabin,
  fareBasis: string | null,
): Mapped<OfferSegment> {
  const origin = segment.origin.iata_code;
  const destination = segment.destination.iata_code;
  if (!origin || !destination) return refused('a segment without IATA airport codes');
  const from = timeZoneOf(segment.origin);
  const to = timeZoneOf(segment.destination);
  if (!from || !to) return refused(`no time zone for ${origin}/${destination}`);
  const departureUtc = utcOf(segment.departing_at, from);
  const arrivalUtc = utcOf(segment.arriving_at, to);
  return ok({
    carrier: segment.marketing_carrier.iata_code ?? '',
    operatingCarrier: segment.operating_carrier.iata_code ?? segment.marketing_carrier.iata_code ?? '',
    flightNumber: segment.marketing_carrier_flight_number,
    aircraft: segment.aircraft?.iata_code ?? '',
    origin,
    destination,
    departureTerminal: segment.origin_terminal ?? null,
    arrivalTerminal: segment.destination_terminal ?? null,
    departureLocal: segment.departing_at.slice(0, 16),
    arrivalLocal: segment.arriving_at.slice(0, 16),
    departureTimeZone: from,
    arrivalTimeZone: to,
    departureUtc,
    arrivalUtc,
    durationMinutes: Math.round((Date.parse(arrivalUtc) - Date.parse(departureUtc)) / 60_000),
    cabin,
    // Duffel does not publish the booking class; the fare basis's first letter is it.
    bookingClass: fareBasis?.slice(0, 1) ?? '',
    fareBasis,
  });
}

/** A Duffel condition as the portal's penalty; refused when its penalty is in another currency. */
export function mapCondition(condition: FlightsCondition | null, what: string): Mapped<OfferPenalty> {
  if (condition === null)
    return ok({ allowed: false, fee: null, note: `${what}: not published by the airline` });
  if (!condition.allowed) return ok({ allowed: false, fee: null, note: `${what}: not allowed` });
  if (condition.penalty_amount === null) {
    // Allowed at a fee the airline does not publish: the portal does not quote an unknown fee.
    return ok({ allowed: false, fee: null, note: `${what}: allowed at a fee the airline does not publish` });
  }
  if (condition.penalty_currency !== OFFER_CURRENCY) {
    return refused(
      `${what} penalty in ${condition.penalty_currency ?? 'no currency'}, not ${OFFER_CURRENCY}`,
    );
  }
  const fee = minorOf(condition.penalty_amount);
  if (fee === null) return refused(`${what} penalty unreadable: ${condition.penalty_amount}`);
  return ok({ allowed: true, fee: fee === 0 ? null : fee, note: `${what} before departure` });
}

/** The offer's conditions as rules and terms: the penalty per passenger before departure, none after. */
export function mapRules(offer: Pick<DuffelOffer, 'conditions'>): Mapped<OfferRules> {
  const change = mapCondition(offer.conditions.change_before_departure, 'change');
  if (!change.ok) return change;
  const refund = mapCondition(offer.conditions.refund_before_departure, 'refund');
  if (!refund.ok) return refund;
  const before = (penalty: OfferPenalty) =>
    uniformWindows(penalty.allowed, () => ({ amountMinor: penalty.fee ?? 0 })).map((w) =>
      w.window === 'afterDeparture' ? { ...w, allowed: false, amountMinor: 0, percentOfFare: 0 } : w,
    );
  const terms: FareTerms = {
    currency: OFFER_CURRENCY,
    change: { per: 'passenger', deadlineHours: null, windows: before(change.value) },
    refund: {
      per: 'passenger',
      deadlineHours: null,
      keeps: refund.value.allowed ? 'nothing' : 'fare',
      windows: before(refund.value),
    },
  };
  return ok({
    change: change.value,
    refund: refund.value,
    noShow: { allowed: false, fee: null, note: 'no-show: not published by the airline' },
    terms,
  });
}

const NO_ALLOWANCE: OfferBaggage['carryOn'] = { pieces: 0, weightKg: null, dimensions: null };

/** The bags each passenger type has on the first segment (Duffel gives pieces, not weights). */
export function mapBaggage(offer: Pick<DuffelOffer, 'slices' | 'passengers'>): OfferBaggage[] {
  const first = offer.slices[0]?.segments[0];
  const byType = new Map<PassengerType, OfferBaggage>();
  for (const passenger of offer.passengers) {
    const type = portalPassengerType(passenger.type);
    if (!type || byType.has(type)) continue;
    const bags = first?.passengers.find((p) => p.passenger_id === passenger.id)?.baggages ?? [];
    const pieces = (kind: 'carry_on' | 'checked') =>
      bags.filter((b) => b.type === kind).reduce((sum, b) => sum + b.quantity, 0);
    byType.set(type, {
      passengerType: type,
      carryOn: { ...NO_ALLOWANCE, pieces: pieces('carry_on') },
      checked: { ...NO_ALLOWANCE, pieces: pieces('checked') },
      paidBagPrice: null,
    });
  }
  return [...byType.values()];
}

/**
 * The per-passenger amounts: Duffel prices the offer as a whole, so each passenger takes an equal
 * share of the base and of the taxes, rounded up to the minor unit (never less than Duffel's total).
 */
export function mapAmounts(
  types: readonly PassengerType[],
  baseMinor: number,
  taxMinor: number,
): PassengerAmounts[] {
  const share = (total: number) => Math.ceil(total / Math.max(1, types.length));
  return [...new Set(types)].map((passengerType) => ({
    passengerType,
    fare: share(baseMinor),
    tax: share(taxMinor),
    fuelSurcharge: 0,
    airportTax: 0,
  }));
}

/** The passenger counts of an offer's passengers; refused for a type the portal does not know. */
export function countsOf(
  offer: Pick<DuffelOffer, 'passengers'>,
): Mapped<{ counts: PassengerCounts; types: PassengerType[] }> {
  const types: PassengerType[] = [];
  for (const passenger of offer.passengers) {
    const type = portalPassengerType(passenger.type);
    if (!type)
      return refused(`passenger type ${passenger.type ?? `age ${passenger.age ?? '?'}`} is not mapped`);
    types.push(type);
  }
  const count = (t: PassengerType) => types.filter((x) => x === t).length;
  return ok({ counts: { adult: count('adult'), child: count('child'), infant: count('infant') }, types });
}

/** A Duffel offer as the portal's; refused (with the reason) when any part has no mapping. */
export function mapOffer(offer: Omit<DuffelOffer, 'available_services'>): Mapped<Offer> {
  if (offer.total_currency !== OFFER_CURRENCY)
    return refused(`priced in ${offer.total_currency}, not ${OFFER_CURRENCY}`);
  const total = minorOf(offer.total_amount);
  const tax = minorOf(offer.tax_amount ?? '0');
  if (total === null || tax === null || tax > total)
    return refused(`amounts unreadable: ${offer.total_amount}/${offer.tax_amount}`);
  const passengers = countsOf(offer);
  if (!passengers.ok) return passengers;
  const rules = mapRules(offer);
  if (!rules.ok) return rules;
  const firstPassenger = offer.passengers[0]?.id;
  let cabin: Cabin | undefined;
  const legs: Offer['legs'] = [];
  for (const slice of offer.slices) {
    const segments: OfferSegment[] = [];
    for (const segment of slice.segments) {
      const fare = segment.passengers.find((p) => p.passenger_id === firstPassenger) ?? segment.passengers[0];
      const segmentCabin = portalCabin(fare?.cabin_class);
      if (!segmentCabin) return refused(`cabin class ${fare?.cabin_class ?? 'none'} is not mapped`);
      cabin ??= segmentCabin;
      const mapped = mapSegment(segment, segmentCabin, fare?.fare_basis_code ?? null);
      if (!mapped.ok) return mapped;
      segments.push(mapped.value);
    }
    legs.push({ segments });
  }
  if (!cabin) return refused('no segments');
  return ok({
    supplier: DUFFEL_SUPPLIER,
    contentType: 'ndc',
    ref: offer.id,
    validatingCarrier: offer.owner.iata_code ?? '',
    legs,
    cabin,
    fareFamily: offer.slices[0]?.fare_brand_name ?? null,
    currency: OFFER_CURRENCY,
    passengers: passengers.value.counts,
    amounts: mapAmounts(passengers.value.types, total - tax, tax),
    baggage: mapBaggage(offer),
    rules: rules.value,
    restrictions: {
      minAge: null,
      maxAge: null,
      documentTypes: offer.passenger_identity_documents_required ? ['passport'] : [],
      eligibleCountries: [],
      ineligibleCountries: [],
      invoiceType: 'itinerary',
      ticketingChannel: DUFFEL_SUPPLIER,
      productType: 'normal',
    },
    ticketingTier: DUFFEL_TICKETING_TIER,
    // Duffel does not say how many seats are left: the offer holds its own passengers' seats.
    seatsLeft: offer.passengers.length,
  });
}

/** Whether an offer's whole total is what the portal's offer says (the price check's comparison). */
export function sameTotal(
  a: Pick<Offer, 'amounts' | 'passengers'>,
  b: Pick<Offer, 'amounts' | 'passengers'>,
): boolean {
  const sum = (o: Pick<Offer, 'amounts' | 'passengers'>) =>
    o.amounts.reduce((s, x) => {
      const n =
        x.passengerType === 'adult'
          ? o.passengers.adult
          : x.passengerType === 'child'
            ? o.passengers.child
            : o.passengers.infant;
      return s + n * (x.fare + x.tax + x.fuelSurcharge + x.airportTax);
    }, 0);
  return sum(a) === sum(b);
}

/** Whether an offer flies exactly the flights of an accurate search. */
export function matchesExact(offer: Offer, exact: NonNullable<SupplierQuery['exact']>): boolean {
  const wanted = new Set(
    exact.map((e) => `${e.carrier}${e.flightNumber}|${e.origin}-${e.destination}|${e.date}`),
  );
  return offer.legs
    .flatMap((l) => l.segments)
    .every((s) =>
      wanted.has(
        `${s.carrier}${s.flightNumber}|${s.origin}-${s.destination}|${s.departureLocal.slice(0, 10)}`,
      ),
    );
}
