/*
 * The `duffel` flight supplier: the portal's supplier port (`FlightSupplier`) over Duffel's API
 * through the official client. Mappings live in map-offer.ts, map-order.ts and seats.ts; after-sales
 * in after-sales.ts (cancellations, refunds, voids) and order-change.ts. An answer the portal cannot map is refused with a logged reason, never guessed.
 */
import type { Offer as DuffelOffer, SeatMap } from '@duffel/api/types';
import {
  type AddAncillariesAnswer,
  type AddAncillariesRequest,
  type AncillarySelection,
  type BookAnswer,
  type ChangeQuoteAnswer,
  type ChangeRequestToSupplier,
  type FlightSupplier,
  type Offer,
  type RefundQuoteAnswer,
  type RefundRequestToSupplier,
  type ReissueAnswer,
  type ScheduleEvent,
  type SupplierBagService,
  SupplierRefusal,
  type SupplierPassenger,
  type SupplierQuery,
  type SupplierSeatMap,
  type TicketAnswer,
  type VerifyAnswer,
  type VoidAnswer,
  type VoidRequestToSupplier,
} from '../../modules/shopping/index';
import { addBags } from './add-services';
import { searchOffers } from './search';
import {
  ALREADY_CANCELLED_CODES,
  asRefusal,
  confirmCancellation,
  confirmQuotedCancellation,
  quoteCancellation,
  readOrder,
  refundQuoteOf,
  voidOrder,
  wholeOrderProblem,
} from './after-sales';
import { changeQuoteOf, confirmQuotedChange, findChangeOffer } from './order-change';
import { DuffelClient, type DuffelClientOptions, type DuffelLog, failureOf, SILENT_LOG } from './client';
import { decimalOf, DUFFEL_SUPPLIER, mapOffer, minorOf, sameTotal } from './map-offer';
import {
  bookingRefOf,
  orderPassengers,
  orderState,
  passengerIdsFor,
  scheduleEventsOf,
  ticketsOf,
} from './map-order';
import { chooseServices, confirmedAncillaries, mapBagServices, mapSeatMap, segmentIdsOf } from './seats';

/** Duffel's error codes meaning the offer can no longer be booked. */
export const OFFER_GONE_CODES: readonly string[] = [
  'offer_no_longer_available',
  'offer_expired',
  'not_found',
];

export type DuffelSupplierOptions = DuffelClientOptions;

/** The Duffel flight supplier (content type `ndc`: Duffel aggregates NDC and GDS content). */
export class DuffelSupplier implements FlightSupplier {
  readonly name = DUFFEL_SUPPLIER;
  readonly contentType = 'ndc' as const;
  /** Books real tickets: only agencies whose allow-list names `duffel` use it. */
  readonly optIn = true;
  readonly client: DuffelClient;
  private readonly log: DuffelLog;

  constructor(options: DuffelSupplierOptions) {
    this.client = new DuffelClient(options);
    this.log = options.log ?? SILENT_LOG;
  }

  /** Whether the access token is a test-mode one (`duffel_test_…`). */
  get testMode(): boolean {
    return this.client.testMode;
  }

  /** The offers Duffel returns for the query, mapped; an offer without a mapping is left out and logged. */
  search(query: SupplierQuery, signal: AbortSignal): Promise<Offer[]> {
    return searchOffers(this.client, this.log, query, signal);
  }

  /** The offer as Duffel holds it now (`GET /air/offers/:id`); undefined when gone or expired. */
  private async currentOffer(
    ref: string,
    signal: AbortSignal,
    services = false,
  ): Promise<DuffelOffer | undefined> {
    try {
      const params = services ? { return_available_services: true } : undefined;
      const offer = await this.client.call(
        'offers.get',
        { id: ref, ...params },
        (api) => api.offers.get(ref, params),
        signal,
      );
      return Date.parse(offer.expires_at) <= Date.now() ? undefined : offer;
    } catch (error) {
      const failure = failureOf(error);
      if (
        failure &&
        (failure.status === 404 || failure.status === 410 || OFFER_GONE_CODES.includes(failure.code))
      )
        return undefined;
      throw error;
    }
  }

  /** The price check: confirmed, price changed, or unavailable (expired, gone, or no longer mappable). */
  async verify(offer: Offer, signal: AbortSignal): Promise<VerifyAnswer> {
    const current = await this.currentOffer(offer.ref, signal);
    if (!current) return { status: 'unavailable' };
    const mapped = mapOffer(current);
    if (!mapped.ok) {
      this.log.warn(
        { duffel: 'offer refused', offerId: offer.ref, reason: mapped.reason },
        'duffel offer not mapped',
      );
      return { status: 'unavailable' };
    }
    return sameTotal(mapped.value, offer)
      ? { status: 'confirmed', offer: mapped.value }
      : { status: 'price_changed', offer: mapped.value };
  }

  /** The seat maps of the offer's segments. */
  async seatMaps(offer: Offer, signal: AbortSignal): Promise<SupplierSeatMap[]> {
    const current = await this.currentOffer(offer.ref, signal);
    if (!current) throw new SupplierRefusal('duffel: the offer is no longer available');
    const maps = await this.rawSeatMaps(offer.ref, signal);
    const segmentIds = segmentIdsOf(current);
    const segments = offer.legs.flatMap((l) => l.segments);
    return maps.flatMap((map) => {
      const index = segmentIds.indexOf(map.segment_id);
      const mapped = index >= 0 ? mapSeatMap(map, index, segments[index]?.aircraft ?? '') : undefined;
      return mapped ? [mapped] : [];
    });
  }

  private rawSeatMaps(offerId: string, signal: AbortSignal): Promise<SeatMap[]> {
    return this.client.call(
      'seatMaps.get',
      { offer_id: offerId },
      (api) => api.seatMaps.get({ offer_id: offerId }),
      signal,
    );
  }

  /** The checked bags sold with the offer (its available services). */
  async bagServices(offer: Offer, signal: AbortSignal): Promise<SupplierBagService[]> {
    const current = await this.currentOffer(offer.ref, signal, true);
    if (!current) throw new SupplierRefusal('duffel: the offer is no longer available');
    return mapBagServices(current);
  }

  /**
   * Creates the order: instant (paid from the Duffel balance) when the offer requires instant
   * payment, else on hold (paid at ticketing). Seats and bags are added as services.
   */
  async book(
    offer: Offer,
    passengers: readonly SupplierPassenger[],
    signal: AbortSignal,
    ancillaries: readonly AncillarySelection[] = [],
  ): Promise<BookAnswer> {
    const current = await this.currentOffer(offer.ref, signal, true);
    if (!current) throw new SupplierRefusal('duffel: the offer is no longer available');
    // A held order takes the offer's price of now: never book at another than the one checked.
    const now = mapOffer(current);
    if (!now.ok || !sameTotal(now.value, offer)) {
      throw new SupplierRefusal('duffel: price_changed: the offer is no longer at the checked price');
    }
    const ids = passengerIdsFor(current, passengers);
    if (!ids.ok) throw new SupplierRefusal(`duffel: ${ids.reason}`);
    const people = orderPassengers(ids.value, passengers, current.passenger_identity_documents_required);
    if (!people.ok) throw new SupplierRefusal(`duffel: ${people.reason}`);
    const wantsSeats = ancillaries.some((a) => a.seats.length > 0);
    const maps = wantsSeats ? await this.rawSeatMaps(current.id, signal) : [];
    const chosen = chooseServices(current, maps, ids.value, ancillaries);
    if (!chosen.ok) throw new SupplierRefusal(`duffel: ${chosen.reason}`);
    const instant = current.payment_requirements.requires_instant_payment;
    const total = (minorOf(current.total_amount) ?? 0) + chosen.value.totalMinor;
    const body = {
      selected_offers: [current.id],
      passengers: people.value,
      ...(chosen.value.services.length > 0 ? { services: chosen.value.services } : {}),
      // Duffel's API names a held order `hold`; the client's type still says `pay_later`.
      type: (instant ? 'instant' : 'hold') as 'instant',
      ...(instant
        ? {
            payments: [
              { type: 'balance' as const, amount: decimalOf(total), currency: current.total_currency },
            ],
          }
        : {}),
    };
    const order = await this.client
      .call('orders.create', body, (api) => api.orders.create(body), signal)
      .catch((error: unknown) => {
        throw asRefusal(error);
      });
    return { pnr: bookingRefOf(order), ancillaries: confirmedAncillaries(order, current, ids.value) };
  }

  /**
   * Pays a held order from the Duffel balance (`POST /air/payments`), then reads its e-tickets.
   * A cancelled order is refused; a paid order without tickets yet is an unknown outcome (retried).
   */
  async ticket(
    offer: Offer,
    pnr: string,
    passengers: readonly SupplierPassenger[],
    signal: AbortSignal,
  ): Promise<TicketAnswer> {
    let order = await readOrder(this.client, pnr, signal);
    if (!order) throw new SupplierRefusal('duffel: no such order');
    if (orderState(order) === 'cancelled') throw new SupplierRefusal('duffel: the order is cancelled');
    if (orderState(order) === 'awaiting_payment') {
      const body = {
        order_id: order.id,
        payment: { type: 'balance' as const, amount: order.total_amount, currency: order.total_currency },
      };
      await this.client
        .call('payments.create', body, (api) => api.payments.create(body), signal)
        .catch((error: unknown) => {
          throw asRefusal(error);
        });
      order = await readOrder(this.client, pnr, signal);
      if (!order) throw new SupplierRefusal('duffel: the paid order is gone');
    }
    const tickets = ticketsOf(
      order,
      order.passengers.map((p) => p.id),
    );
    if (!tickets || tickets.length !== passengers.length)
      throw new Error('duffel: the order has no e-tickets yet');
    return { ticketNumbers: tickets };
  }

  /** Cancels an unticketed order (quote, then confirm); an order gone or already cancelled counts as cancelled. */
  async cancel(pnr: string, signal: AbortSignal): Promise<void> {
    const order = await readOrder(this.client, pnr, signal);
    if (!order || order.cancelled_at) return;
    const quote = await quoteCancellation(this.client, order.id, signal).catch((error: unknown) => {
      if (ALREADY_CANCELLED_CODES.includes(failureOf(error)?.code ?? '')) return undefined;
      throw asRefusal(error);
    });
    if (quote) await confirmCancellation(this.client, quote.id, signal);
  }

  /** The airline-initiated changes Duffel recorded on the order, as schedule events. */
  async scheduleEvents(offer: Offer, pnr: string, signal: AbortSignal): Promise<ScheduleEvent[]> {
    const order = await readOrder(this.client, pnr, signal);
    const events: ScheduleEvent[] = [];
    for (const change of order?.airline_initiated_changes ?? []) {
      const mapped = scheduleEventsOf(change, offer);
      if (!mapped) {
        this.log.warn(
          { duffel: 'airline change not mapped', changeId: change.id },
          'duffel airline change not placed',
        );
        continue;
      }
      events.push(...mapped);
    }
    return events;
  }

  /**
   * The refund quote: Duffel's cancellation quote of the whole order; the fee is what does not come
   * back. The cancellation's id and `expires_at` go back with the approval, for `refund`.
   */
  async quoteRefund(request: RefundRequestToSupplier, signal: AbortSignal): Promise<RefundQuoteAnswer> {
    const order = await readOrder(this.client, request.pnr, signal);
    if (!order) return { status: 'rejected', reason: 'Duffel has no such order' };
    if (order.cancelled_at) return { status: 'rejected', reason: 'the order is already cancelled' };
    const whole = wholeOrderProblem(order, request.passengers.length, request.segmentIndexes);
    if (whole) return { status: 'rejected', reason: whole };
    const quote = await quoteCancellation(this.client, order.id, signal).catch((error: unknown) => {
      throw asRefusal(error);
    });
    const answer = refundQuoteOf(quote, request, minorOf(order.total_amount) ?? 0);
    return answer.status === 'approved'
      ? { ...answer, supplierQuote: { ref: quote.id, expiresAt: quote.expires_at } }
      : answer;
  }

  /** Confirms the cancellation the refund was quoted (read again by id); an expired one is refused. */
  async refund(request: RefundRequestToSupplier, signal: AbortSignal): Promise<void> {
    try {
      await confirmQuotedCancellation(this.client, request, signal);
    } catch (error) {
      this.refused('refund', request.supplierQuote?.ref, error);
      throw error;
    }
  }

  /** Logs why a confirm was refused (the after-sales order only records that it failed). */
  private refused(call: string, quoteId: string | undefined, error: unknown): void {
    if (error instanceof SupplierRefusal) {
      this.log.warn({ duffel: `${call} refused`, quoteId, reason: error.message }, 'duffel confirm refused');
    }
  }

  /**
   * Adds bags to a ticketed order; the same request id is bought once, however often asked (a mark
   * on the Duffel order, add-services.ts). Seats are rejected.
   */
  addAncillaries(
    _offer: Offer,
    request: AddAncillariesRequest,
    signal: AbortSignal,
  ): Promise<AddAncillariesAnswer> {
    return addBags(this.client, this.log, request, signal);
  }

  /** Voids through a cancellation that gives everything back (the airline's void window); else rejected. */
  void(request: VoidRequestToSupplier, signal: AbortSignal): Promise<VoidAnswer> {
    return voidOrder(this.client, request, signal);
  }

  /**
   * The change quote: Duffel's change offer flying the new flights (whole slices, every passenger),
   * its penalty and fare movement per passenger. The offer's id and `expires_at` go back with the
   * approval, for `reissue`.
   */
  async quoteChange(request: ChangeRequestToSupplier, signal: AbortSignal): Promise<ChangeQuoteAnswer> {
    const found = await findChangeOffer(this.client, request, signal);
    if ('reason' in found) return { status: 'rejected', reason: found.reason };
    const answer = changeQuoteOf(found.offer, found.passengers);
    return answer.status === 'approved'
      ? { ...answer, supplierQuote: { ref: found.offer.id, expiresAt: found.offer.expires_at } }
      : answer;
  }

  /** Confirms the change offer the change was quoted (read again by id); an expired one is refused. */
  async reissue(request: ChangeRequestToSupplier, signal: AbortSignal): Promise<ReissueAnswer> {
    try {
      return await confirmQuotedChange(this.client, request, signal);
    } catch (error) {
      this.refused('reissue', request.supplierQuote?.ref, error);
      throw error;
    }
  }
}

/** A Duffel supplier for the composition root. */
export function createDuffelSupplier(options: DuffelSupplierOptions): DuffelSupplier {
  return new DuffelSupplier(options);
}
