/*
 * Duffel's orders in the portal's terms: the booking reference the portal keeps, the passengers
 * Duffel books (with the offer's passenger ids), the tickets of the order's documents, and the
 * airline-initiated changes as the portal's schedule events.
 */
import type {
  AirlineInitiatedChange,
  CreateOrderPassenger,
  Offer as DuffelOffer,
  Order as DuffelOrder,
  OrderSliceSegment,
} from '@duffel/api/types';
import type { Offer, OfferSegment, ScheduleEvent, SupplierPassenger } from '../../modules/shopping/index';
import { mapSegment, type Mapped, portalPassengerType } from './map-offer';

/**
 * The reference the portal keeps for a Duffel order: the airline's booking reference and Duffel's
 * order id (`ABC123/ord_0000…`); later calls need the order id, agents the airline's reference.
 */
export function bookingRefOf(order: Pick<DuffelOrder, 'booking_reference' | 'id'>): string {
  return `${order.booking_reference}/${order.id}`;
}

/** Duffel's order id in a reference `bookingRefOf` made (a bare order id is taken as it is). */
export function orderIdOf(pnr: string): string {
  return pnr.slice(pnr.lastIndexOf('/') + 1);
}

/** The portal's view of a Duffel order's state. */
export type DuffelOrderState = 'cancelled' | 'ticketed' | 'awaiting_payment' | 'paid_unticketed';

/** Cancelled, ticketed (an e-ticket for each passenger), awaiting payment (held), or paid without tickets yet. */
export function orderState(
  order: Pick<DuffelOrder, 'cancelled_at' | 'documents' | 'payment_status' | 'passengers'>,
): DuffelOrderState {
  if (order.cancelled_at) return 'cancelled';
  if (order.payment_status.awaiting_payment) return 'awaiting_payment';
  const ticketed = new Set(
    (order.documents ?? []).filter((d) => d.type === 'electronic_ticket').flatMap((d) => d.passenger_ids),
  );
  return order.passengers.every((p) => ticketed.has(p.id)) ? 'ticketed' : 'paid_unticketed';
}

/** The e-ticket numbers of each of the order's passengers, in `passengerIds` order; undefined when one has none. */
export function ticketsOf(
  order: Pick<DuffelOrder, 'documents'>,
  passengerIds: readonly string[],
): string[][] | undefined {
  const tickets = passengerIds.map((id) =>
    (order.documents ?? [])
      .filter((d) => d.type === 'electronic_ticket' && d.passenger_ids.includes(id))
      .map((d) => d.unique_identifier),
  );
  return tickets.every((t) => t.length > 0) ? tickets : undefined;
}

/**
 * The offer's passenger ids for the booking's passengers: the n-th passenger of a type takes the
 * n-th of the offer's passengers of that type. Refused when the counts differ.
 */
export function passengerIdsFor(
  offer: Pick<DuffelOffer, 'passengers'>,
  passengers: readonly Pick<SupplierPassenger, 'type'>[],
): Mapped<string[]> {
  const pools = new Map<string, string[]>();
  for (const p of offer.passengers) {
    const type = portalPassengerType(p.type);
    if (!type) return { ok: false, reason: `passenger type ${p.type ?? 'by age'} is not mapped` };
    pools.set(type, [...(pools.get(type) ?? []), p.id]);
  }
  const ids: string[] = [];
  for (const p of passengers) {
    const id = pools.get(p.type)?.shift();
    if (!id) return { ok: false, reason: `the offer has no ${p.type} passenger left for the booking` };
    ids.push(id);
  }
  if ([...pools.values()].some((pool) => pool.length > 0)) {
    return { ok: false, reason: 'the booking has fewer passengers than the offer' };
  }
  return { ok: true, value: ids };
}

/** Title from gender: Duffel asks for one; the portal records gender only. */
const TITLE = { male: 'mr', female: 'ms' } as const;

/**
 * The passengers of `POST /air/orders`. Refused when Duffel's required details are missing
 * (gender, e-mail, phone) or, for an offer that requires documents, the passport's expiry or country.
 * Each infant rides on the lap of the adult with the same position among the adults.
 */
export function orderPassengers(
  ids: readonly string[],
  passengers: readonly SupplierPassenger[],
  documentsRequired: boolean,
): Mapped<CreateOrderPassenger[]> {
  const out: CreateOrderPassenger[] = [];
  const infants = passengers.flatMap((p, i) => (p.type === 'infant' ? [ids[i] ?? ''] : []));
  let adultIndex = 0;
  for (const [i, p] of passengers.entries()) {
    const id = ids[i];
    if (!id) return { ok: false, reason: 'passenger ids do not match' };
    if (!p.gender) return { ok: false, reason: `passenger ${i + 1}: gender missing` };
    if (!p.email || !p.phone) return { ok: false, reason: `passenger ${i + 1}: e-mail or phone missing` };
    const documents =
      documentsRequired && (!p.documentExpiry || !p.nationality)
        ? undefined
        : documentsRequired
          ? [
              {
                type: 'passport' as const,
                unique_identifier: p.documentNumber,
                issuing_country_code: p.nationality ?? '',
                expires_on: p.documentExpiry ?? '',
              },
            ]
          : [];
    if (!documents) return { ok: false, reason: `passenger ${i + 1}: document expiry or country missing` };
    const infant = p.type === 'adult' ? infants[adultIndex++] : undefined;
    out.push({
      id,
      given_name: p.givenNames,
      family_name: p.surname,
      born_on: p.birthday,
      gender: p.gender === 'male' ? 'm' : 'f',
      title: TITLE[p.gender],
      email: p.email,
      phone_number: p.phone,
      ...(infant ? { infant_passenger_id: infant } : {}),
      ...(documents.length > 0 ? { identity_documents: documents } : {}),
    } as CreateOrderPassenger);
  }
  return { ok: true, value: out };
}

const flightKey = (s: Pick<OfferSegment, 'carrier' | 'flightNumber' | 'origin'>) =>
  `${s.carrier}${s.flightNumber}|${s.origin}`;

function keyOfDuffel(s: OrderSliceSegment): string {
  return `${s.marketing_carrier.iata_code ?? ''}${s.marketing_carrier_flight_number}|${s.origin.iata_code ?? ''}`;
}

/**
 * An airline-initiated change as the portal's schedule events, one per removed segment of the
 * booking: its replacement with the same flight number is a time change, another flight a
 * cancellation with protection, none a cancellation without. Undefined when a removed segment is
 * not one of the booking's (the change cannot be placed, so it is not guessed).
 */
export function scheduleEventsOf(change: AirlineInitiatedChange, offer: Offer): ScheduleEvent[] | undefined {
  const segments = offer.legs.flatMap((l) => l.segments);
  const removed = change.removed.flatMap((s) => s.segments);
  const added = change.added.flatMap((s) => s.segments);
  const events: ScheduleEvent[] = [];
  for (const [n, old] of removed.entries()) {
    const segmentIndex = segments.findIndex((s) => flightKey(s) === keyOfDuffel(old));
    const held = segments[segmentIndex];
    if (!held) return undefined;
    const replacement = added.find((a) => keyOfDuffel(a) === keyOfDuffel(old)) ?? added[n];
    const ref = removed.length === 1 ? change.id : `${change.id}#${n}`;
    if (!replacement) {
      events.push({ ref, type: 'cancel_unprotected', segmentIndex, segment: null });
      continue;
    }
    const mapped = mapSegment(replacement, held.cabin, held.fareBasis);
    if (!mapped.ok) return undefined;
    const sameFlight = keyOfDuffel(replacement) === keyOfDuffel(old);
    events.push({
      ref,
      type: sameFlight ? 'change' : 'cancel_protected',
      segmentIndex,
      segment: mapped.value,
    });
  }
  return events;
}
