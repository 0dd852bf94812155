import type { Cabin, ContentType, PassengerCounts } from '@portal/domain/shopping';
import { getAirport } from '@portal/reference-data/airports';
import {
  SupplierRefusal,
  type UnansweredCall,
  type AddAncillariesAnswer,
  type AddAncillariesRequest,
  type AncillarySelection,
  type BookAnswer,
  type ChangeQuoteAnswer,
  type ChangeRequestToSupplier,
  type ExactFlight,
  type FlightSupplier,
  type Offer,
  type OfferLeg,
  type RefundQuoteAnswer,
  type RefundRequestToSupplier,
  type ReissueAnswer,
  type ScheduleEvent,
  type SupplierBagService,
  type SupplierFaults,
  type SupplierPassenger,
  type SupplierSeatMap,
  type SupplierQuery,
  type TicketAnswer,
  type VerifyAnswer,
  type VoidAnswer,
  type VoidRequestToSupplier,
} from '../../modules/shopping/index';
import { bagServicesOf, confirmAncillaries } from './bag-services';
import { SimulatedDesk } from './desk';
import { seatMapsOf } from './seat-maps';
import {
  baggageFor,
  bookingClassFor,
  fareBasisFor,
  type FareProduct,
  isChinaDomestic,
  priceAmounts,
  restrictionsFor,
  rulesFor,
} from './fares';
import { type OfferWorker, sharedOfferWorker } from './offer-worker';
import { simulatedPnr, simulatedTickets } from './booking-refs';
import { hash32, type Random, seeded } from '../prng';
import { simulatedScheduleEvents } from './schedule-events';
import { type Itinerary, itinerariesFor, type ScheduledFlight } from './schedule';
import { localDateTime } from '../../platform/time-zones';
import { sleep } from '../knobs';
import { exactQueryOf } from './exact-query';

/** What makes one simulated supplier differ from another. */
export interface SimProfile {
  name: string;
  contentType: ContentType;
  /** Multiplies every fare (1 = the market level). */
  priceLevel: number;
  /** Search latency range in ms before scaling. */
  latencyMs: readonly [number, number];
  /** Ticket issuing channel of its fares. */
  channel: string;
  carrierOk(carrier: string): boolean;
  products(cabin: Cabin, domestic: boolean, rng: Random): FareProduct[];
  /** Low-cost content has no fuel surcharge. */
  noFuel: boolean;
  /** Price of one checked bag when the fare has none, minor units. */
  paidBagMinor: number;
}

export interface SimOptions {
  latencyScale: number;
  seed: string;
  /**
   * Where the offers are computed: by default on the process's offer worker thread, off the API's
   * event loop as a remote supplier's work is; 'in-thread' on the caller's thread (the worker's
   * own suppliers, and tools that ask for it).
   */
  offers?: OfferWorker | 'in-thread';
}

const MAX_COMBOS_PER_CARRIER = 4;
const MIN_GAP_BETWEEN_LEGS_MS = 2 * 3_600_000;

const flightKey = (
  f: { carrier: string; flightNumber: string; origin: string; destination: string },
  date: string,
) => `${f.carrier}${f.flightNumber}|${f.origin}-${f.destination}|${date}`;

function localDate(f: ScheduledFlight): string {
  return localDateTime(f.departureUtc, getAirport(f.origin)?.timeZone ?? 'UTC').slice(0, 10);
}

function matchesExact(itinerary: Itinerary, exact: readonly ExactFlight[]): boolean {
  const wanted = new Set(exact.map((e) => flightKey(e, e.date)));
  return itinerary.flights.every((f) => wanted.has(flightKey(f, localDate(f))));
}

/** Journeys combined in time order: each starts 2 h after the previous one lands. */
function inOrder(combo: readonly Itinerary[]): boolean {
  for (let i = 1; i < combo.length; i++) {
    const prev = combo[i - 1]?.flights.at(-1);
    const next = combo[i]?.flights[0];
    if (!prev || !next || next.departureUtc < prev.arrivalUtc + MIN_GAP_BETWEEN_LEGS_MS) return false;
  }
  return true;
}

/** Itinerary combinations over the journeys, one carrier throughout (a through fare). */
function combinations(perLeg: readonly Itinerary[][]): Itinerary[][] {
  if (perLeg.length === 1) return (perLeg[0] ?? []).map((it) => [it]);
  const carriers = [...new Set((perLeg[0] ?? []).map((it) => it.carrier))];
  const combos: Itinerary[][] = [];
  for (const carrier of carriers) {
    const lists = perLeg.map((its) => its.filter((it) => it.carrier === carrier));
    if (lists.some((l) => l.length === 0)) continue;
    const n = Math.min(MAX_COMBOS_PER_CARRIER, Math.max(...lists.map((l) => l.length)));
    for (let k = 0; k < n; k++) {
      const combo = lists.map((l) => l[k % l.length]).filter((it): it is Itinerary => it !== undefined);
      if (combo.length === perLeg.length && inOrder(combo)) combos.push(combo);
    }
  }
  return combos;
}

/** A deterministic simulated supplier: same supplier, route, date and seed → same offers. */
export class SimulatedSupplier implements FlightSupplier {
  readonly name: string;
  readonly contentType: ContentType;
  faults: SupplierFaults = {};
  /** The after-sales desk (refund and void answers, with test knobs). */
  desk = new SimulatedDesk();
  /** When set, after-sales seat and bag purchases are refused with this reason (tests). */
  ancillaryRefusal: string | null = null;

  constructor(
    private readonly profile: SimProfile,
    private readonly options: SimOptions,
  ) {
    this.name = profile.name;
    this.contentType = profile.contentType;
  }

  private async answerDelay(signal: AbortSignal, share: number): Promise<void> {
    const { latencyMs } = this.faults;
    const [min, max] = this.profile.latencyMs;
    const ms = latencyMs ?? (min + Math.random() * (max - min)) * this.options.latencyScale * share;
    if (ms > 0) await sleep(ms, signal);
    if (this.faults.timeout) await sleep(2_147_000_000, signal);
    if (this.faults.error) throw new Error(`${this.name}: simulated supplier error`);
  }

  async search(query: SupplierQuery, signal: AbortSignal): Promise<Offer[]> {
    if (this.offerWorker() === 'in-thread') {
      await this.answerDelay(signal, 1);
      return this.offersFor(query);
    }
    // Computed while the latency runs, as a remote supplier does during the network's delay.
    const offers = this.generate(query, signal);
    // Still rejects to the caller below; only not unhandled when the delay throws first.
    offers.catch(() => undefined);
    await this.answerDelay(signal, 1);
    return offers;
  }

  private offerWorker(): OfferWorker | 'in-thread' {
    return this.options.offers ?? sharedOfferWorker();
  }

  /** `offersFor` where `options.offers` says. */
  private async generate(query: SupplierQuery, signal: AbortSignal): Promise<Offer[]> {
    const worker = this.offerWorker();
    if (worker === 'in-thread') return this.offersFor(query);
    return worker.offers(this.name, this.options.seed, query, signal);
  }

  /** The offers without latency or faults (also used to re-price on verification). */
  offersFor(query: SupplierQuery): Offer[] {
    const perLeg = query.legs.map((leg) => {
      const its = itinerariesFor(leg.origins, leg.destinations, leg.date, (c) => this.profile.carrierOk(c));
      const exact = query.exact;
      return exact ? its.filter((it) => matchesExact(it, exact)) : its;
    });
    const roundtrip =
      query.legs.length === 2 && query.legs[0]?.origins.join() === query.legs[1]?.destinations.join();
    return combinations(perLeg).flatMap((combo) =>
      this.priceCombo(combo, query.cabin, query.passengers, roundtrip),
    );
  }

  private priceCombo(
    combo: Itinerary[],
    cabin: Cabin,
    passengers: PassengerCounts,
    roundtrip: boolean,
  ): Offer[] {
    const key = combo.map((it) => it.flights.map((f) => flightKey(f, localDate(f))).join('+')).join('/');
    const rng = seeded(`${this.name}|${this.options.seed}|${cabin}|${key}`);
    const domestic = isChinaDomestic(combo);
    const fromChina = getAirport(combo[0]?.flights[0]?.origin ?? '')?.countryCode === 'CN';
    const validatingCarrier = combo[0]?.carrier ?? '';
    return this.profile.products(cabin, domestic, rng).map((product) => {
      const noise = 0.92 + rng.next() * 0.2;
      const amounts = priceAmounts(
        combo,
        cabin,
        product,
        this.profile.priceLevel * noise,
        passengers,
        this.profile.noFuel,
      );
      const bookingClass = bookingClassFor(cabin, product.classRank, rng);
      const fareBasis = fareBasisFor(bookingClass, product, roundtrip, fromChina);
      const legs: OfferLeg[] = combo.map((it) => ({
        segments: it.flights.map((f) => {
          const from = getAirport(f.origin)?.timeZone ?? 'UTC';
          const to = getAirport(f.destination)?.timeZone ?? 'UTC';
          return {
            carrier: f.carrier,
            operatingCarrier: f.carrier,
            flightNumber: f.flightNumber,
            aircraft: f.aircraft,
            origin: f.origin,
            destination: f.destination,
            departureTerminal: f.departureTerminal,
            arrivalTerminal: f.arrivalTerminal,
            departureLocal: localDateTime(f.departureUtc, from),
            arrivalLocal: localDateTime(f.arrivalUtc, to),
            departureTimeZone: from,
            arrivalTimeZone: to,
            departureUtc: new Date(f.departureUtc).toISOString(),
            arrivalUtc: new Date(f.arrivalUtc).toISOString(),
            durationMinutes: f.durationMinutes,
            cabin,
            bookingClass,
            fareBasis,
          };
        }),
      }));
      const adultFare = amounts[0]?.fare ?? 0;
      return {
        supplier: this.name,
        contentType: this.contentType,
        ref: `${this.name.toUpperCase()}-${hash32(`${key}|${product.fareFamily ?? product.tag}`)
          .toString(36)
          .toUpperCase()}`,
        validatingCarrier,
        legs,
        cabin,
        fareFamily: product.fareFamily,
        currency: 'CNY',
        passengers,
        amounts,
        baggage: baggageFor(product, passengers, this.profile.paidBagMinor),
        rules: rulesFor(product.rules, adultFare),
        restrictions: restrictionsFor(product, domestic, this.profile.channel, this.contentType === 'lcc'),
        ticketingTier: product.ticketingTier,
        seatsLeft: rng.int(1, 9),
      };
    });
  }

  async verify(offer: Offer, signal: AbortSignal): Promise<VerifyAnswer> {
    await this.answerDelay(signal, 0.5);
    if (this.faults.soldOut) return { status: 'unavailable' };
    if (this.faults.packageChange) {
      const alternatives = (await this.generate(exactQueryOf(offer), signal)).filter(
        (o) => o.fareFamily !== offer.fareFamily,
      );
      return { status: 'package_changed', alternatives };
    }
    if (this.faults.restrictionChange) {
      const r = offer.restrictions;
      const restrictions = r.documentTypes.includes('passport')
        ? { ...r, documentTypes: [], eligibleCountries: [] }
        : { ...r, documentTypes: ['passport' as const], eligibleCountries: ['CN'] };
      return { status: 'restrictions_changed', offer: { ...offer, restrictions } };
    }
    const change = this.faults.priceChange;
    if (change !== undefined && change !== 0) {
      const amounts = offer.amounts.map((a) => ({
        ...a,
        fare: Math.max(0, Math.round((a.fare * (100 + change)) / 10_000) * 100),
      }));
      return { status: 'price_changed', offer: { ...offer, amounts } };
    }
    return { status: 'confirmed', offer };
  }

  /** Throws as a lost answer would (not a refusal) when the `unanswered` knob names `call`. */
  private maybeUnanswered(call: UnansweredCall): void {
    if (this.faults.unanswered?.includes(call)) throw new Error(`${this.name}: no answer to ${call}`);
  }

  async book(
    offer: Offer,
    _passengers: readonly SupplierPassenger[],
    signal: AbortSignal,
    ancillaries?: readonly AncillarySelection[],
  ): Promise<BookAnswer> {
    await this.answerDelay(signal, 0.5);
    if (this.faults.bookError) throw new Error(`${this.name}: simulated booking error`);
    if (!ancillaries || ancillaries.length === 0) return { pnr: simulatedPnr() };
    const confirmed = confirmAncillaries(seatMapsOf(offer), bagServicesOf(offer), ancillaries);
    return { pnr: simulatedPnr(), ancillaries: confirmed };
  }

  /** Seat maps by aircraft type, the same taken seats for the same flight (`seat-maps.ts`). */
  async seatMaps(offer: Offer, signal: AbortSignal): Promise<SupplierSeatMap[]> {
    await this.answerDelay(signal, 0.3);
    return seatMapsOf(offer);
  }

  /** Checked bags per leg, and per segment on low-cost content (`bag-services.ts`). */
  async bagServices(offer: Offer, signal: AbortSignal): Promise<SupplierBagService[]> {
    await this.answerDelay(signal, 0.3);
    return bagServicesOf(offer);
  }

  /**
   * Seats or bags added to a ticketed booking; refused with `ancillaryRefusal` when a test sets it.
   * The simulation keeps no bookings, so a seat is checked against the map as it is generated.
   */
  async addAncillaries(
    offer: Offer,
    request: AddAncillariesRequest,
    signal: AbortSignal,
  ): Promise<AddAncillariesAnswer> {
    await this.answerDelay(signal, 0.5);
    if (this.ancillaryRefusal) return { status: 'rejected', reason: this.ancillaryRefusal };
    try {
      const ancillaries = confirmAncillaries(seatMapsOf(offer), bagServicesOf(offer), request.selections);
      return { status: 'added', ancillaries };
    } catch (error) {
      if (error instanceof SupplierRefusal) return { status: 'rejected', reason: error.message };
      throw error;
    }
  }

  async ticket(
    offer: Offer,
    pnr: string,
    passengers: readonly SupplierPassenger[],
    signal: AbortSignal,
  ): Promise<TicketAnswer> {
    await this.answerDelay(signal, 0.5);
    this.maybeUnanswered('ticket');
    if (this.faults.ticketError) throw new SupplierRefusal(`${this.name}: simulated ticketing error`);
    return { ticketNumbers: simulatedTickets(offer, passengers, pnr) };
  }

  /** The change desk's review (`SimulatedDesk`): the same answer for the same request and knobs. */
  async quoteChange(request: ChangeRequestToSupplier, signal: AbortSignal): Promise<ChangeQuoteAnswer> {
    await this.answerDelay(signal, 0.5);
    return this.desk.quoteChange(request);
  }

  /** Reissue: fresh ticket numbers on the new flights (`simulatedTickets`). */
  async reissue(request: ChangeRequestToSupplier, signal: AbortSignal): Promise<ReissueAnswer> {
    await this.answerDelay(signal, 0.5);
    this.maybeUnanswered('reissue');
    if (this.desk.reissue() === 'pending') return { status: 'pending' };
    return { status: 'reissued', ticketNumbers: simulatedTickets(request.newOffer, request.passengers) };
  }

  /** The refund desk's review (`SimulatedDesk`): deterministic per refund order. */
  async quoteRefund(request: RefundRequestToSupplier, signal: AbortSignal): Promise<RefundQuoteAnswer> {
    await this.answerDelay(signal, 0.5);
    return this.desk.quoteRefund(request);
  }

  /** Refunds approved tickets (fails only when the desk's knob says so). */
  async refund(_request: RefundRequestToSupplier, signal: AbortSignal): Promise<void> {
    await this.answerDelay(signal, 0.5);
    this.maybeUnanswered('refund');
    this.desk.refund();
  }

  /** Voids tickets inside the void window (the window itself is the portal's check). */
  async void(request: VoidRequestToSupplier, signal: AbortSignal): Promise<VoidAnswer> {
    await this.answerDelay(signal, 0.5);
    this.maybeUnanswered('void');
    return this.desk.void(request);
  }

  /** The simulation keeps no bookings: cancelling only takes the supplier's time. */
  async cancel(_pnr: string, signal: AbortSignal): Promise<void> {
    await this.answerDelay(signal, 0.5);
  }

  /** Schedule events on a ticketed booking: the same ones each time asked (`schedule-events.ts`). */
  async scheduleEvents(offer: Offer, pnr: string, signal: AbortSignal): Promise<ScheduleEvent[]> {
    await this.answerDelay(signal, 0.5);
    return simulatedScheduleEvents(this, this.options.seed, offer, pnr, signal);
  }
}
