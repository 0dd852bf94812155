import type { FareTerms } from '@portal/domain/fare-terms';
import type {
  Cabin,
  ContentType,
  PassengerCounts,
  PassengerType,
  Restrictions,
} from '@portal/domain/shopping';
import type {
  AddAncillariesAnswer,
  AddAncillariesRequest,
  AncillarySelection,
  ConfirmedAncillaries,
  SupplierBagService,
  SupplierSeatMap,
} from './ancillaries';

/** One flight of an offer, with local times in each airport's zone and the UTC instants. */
export interface OfferSegment {
  carrier: string;
  operatingCarrier: string;
  flightNumber: string;
  aircraft: string;
  origin: string;
  destination: string;
  departureTerminal: string | null;
  arrivalTerminal: string | null;
  /** `YYYY-MM-DDTHH:mm` in `departureTimeZone`. */
  departureLocal: string;
  arrivalLocal: string;
  departureTimeZone: string;
  arrivalTimeZone: string;
  departureUtc: string;
  arrivalUtc: string;
  durationMinutes: number;
  cabin: Cabin;
  bookingClass: string;
  fareBasis: string | null;
}

export interface OfferLeg {
  segments: OfferSegment[];
}

/** Per passenger of a type, integer minor units of the offer's currency. */
export interface PassengerAmounts {
  passengerType: PassengerType;
  fare: number;
  tax: number;
  fuelSurcharge: number;
  airportTax: number;
}

export interface OfferAllowance {
  pieces: number;
  weightKg: number | null;
  dimensions: string | null;
}

export interface OfferBaggage {
  passengerType: PassengerType;
  carryOn: OfferAllowance;
  checked: OfferAllowance;
  /** Minor units; set when the fare has no checked bag (low-cost fares). */
  paidBagPrice: number | null;
}

export interface OfferPenalty {
  allowed: boolean;
  /** Minor units, null when free or not allowed. */
  fee: number | null;
  note: string;
}

export interface OfferRules {
  change: OfferPenalty;
  refund: OfferPenalty;
  noShow: OfferPenalty;
  /**
   * The structured change and refund terms the supplier publishes with the fare (amounts in the
   * offer's currency); its desk quotes by them. Absent on offers stored before they were published.
   */
  terms?: FareTerms;
}

/** A priced itinerary as a supplier returns it (before the agency's adjustments). */
export interface Offer {
  supplier: string;
  contentType: ContentType;
  /** The supplier's own reference of this offer (used to verify and later to book). */
  ref: string;
  validatingCarrier: string;
  legs: OfferLeg[];
  cabin: Cabin;
  fareFamily: string | null;
  currency: 'CNY';
  /** The passengers the offer was priced for. */
  passengers: PassengerCounts;
  amounts: PassengerAmounts[];
  baggage: OfferBaggage[];
  rules: OfferRules;
  restrictions: Restrictions;
  ticketingTier: string;
  seatsLeft: number;
}

/** One journey to search: airports on each side (a metro city gives several) and the date. */
export interface QueryLeg {
  origins: string[];
  destinations: string[];
  date: string;
}

/** A flight to find exactly (accurate search): carrier, number, route and local departure date. */
export interface ExactFlight {
  carrier: string;
  flightNumber: string;
  origin: string;
  destination: string;
  date: string;
}

export interface SupplierQuery {
  legs: QueryLeg[];
  passengers: PassengerCounts;
  cabin: Cabin;
  /** When set, only itineraries made of these flights. */
  exact?: ExactFlight[];
  /**
   * The longest the agency waits for a search's answer, ms (its max response time): a supplier
   * that can be told how long to search (Duffel's `supplier_timeout`) is told a little less.
   */
  maxResponseMs?: number;
}

/** What a supplier says when asked to confirm an offer (the price check). */
export type VerifyAnswer =
  | { status: 'confirmed'; offer: Offer }
  | { status: 'price_changed'; offer: Offer }
  | { status: 'package_changed'; alternatives: Offer[] }
  | { status: 'unavailable' }
  | { status: 'restrictions_changed'; offer: Offer };

/** Fault knobs of a simulated supplier, set by tests and the test-only HTTP hook. */
export interface SupplierFaults {
  /** Never answer (until aborted). */
  timeout?: boolean;
  /** Throw on search and verify. */
  error?: boolean;
  /** Verify answers a price changed by this percent. */
  priceChange?: number;
  /** Verify answers unavailable. */
  soldOut?: boolean;
  /** Verify answers different document restrictions. */
  restrictionChange?: boolean;
  /** Verify answers that the fare family is no longer offered. */
  packageChange?: boolean;
  /** Fixed latency in ms, instead of the supplier's own (not scaled). */
  latencyMs?: number;
  /** Book fails (no PNR). */
  bookError?: boolean;
  /** Ticketing fails. */
  ticketError?: boolean;
  /**
   * These calls get no answer (a timeout, a dropped connection): whether the supplier did it is
   * unknown, unlike the refusals of `ticketError` and the desk's knobs.
   */
  unanswered?: UnansweredCall[];
}

/** The calls after booking whose answer may be lost on the way back. */
export const UNANSWERED_CALLS = ['ticket', 'reissue', 'refund', 'void'] as const;
export type UnansweredCall = (typeof UNANSWERED_CALLS)[number];

/**
 * The supplier answered and said no (ticketing refused, a reissue, refund or void the airline
 * declined): asking again would not change it. Any other error a supplier call throws (a timeout,
 * a network failure) leaves its outcome unknown.
 */
export class SupplierRefusal extends Error {
  override readonly name = 'SupplierRefusal';
}

/** A passenger as the supplier books and tickets them. */
export interface SupplierPassenger {
  type: PassengerType;
  surname: string;
  givenNames: string;
  birthday: string;
  documentNumber: string;
  /** Optional details a supplier may need to book (Duffel asks for each); absent when not given. */
  gender?: 'male' | 'female';
  /** ISO 3166-1 alpha-2: the nationality, taken as the document's issuing country. */
  nationality?: string;
  /** `YYYY-MM-DD`. */
  documentExpiry?: string;
  /** The passenger's own, else the booking contact's. */
  email?: string;
  /** E.164 (`+8613800000000`): the passenger's own, else the booking contact's. */
  phone?: string;
}

/** A confirmed booking: the airline record locator. */
export interface BookAnswer {
  pnr: string;
  /** The seats and bags the supplier confirmed with the booking (none asked: absent or empty). */
  ancillaries?: ConfirmedAncillaries;
}

/** Issued tickets: one list of ticket numbers per passenger, in the booking's order. */
export interface TicketAnswer {
  ticketNumbers: string[][];
}

/**
 * A schedule event the airline raised on a ticketed booking (spec §3 disruption types). `segment`
 * is the segment's new times (change, restore) or the protected flight (cancel_protected); null for
 * a cancellation without protection.
 */
export interface ScheduleEvent {
  /** The supplier's own id of the event: a repeated notice carries the same one. */
  ref: string;
  type: 'change' | 'cancel_unprotected' | 'cancel_protected' | 'restore';
  /** Index of the affected segment in the booking's flattened segments. */
  segmentIndex: number;
  segment: OfferSegment | null;
}

/**
 * A flight content source (architecture: Suppliers). Implemented now: `search` (a list or a stream
 * of offers), `verify` (the price check), `book` (a PNR), `ticket` (ticket numbers) and `cancel`
 * (an unticketed booking). Later issues add, on the same interface: `quoteChange`/`confirmChange`,
 * `quoteRefund`/`confirmRefund` and `void(booking)`.
 */
export interface FlightSupplier {
  readonly name: string;
  readonly contentType: ContentType;
  /**
   * Used only by the agencies whose platform allow-list names it (a real supplier that books real
   * tickets); an agency allowed "every supplier" does not get it.
   */
  readonly optIn?: boolean;
  /** Connected to the supplier's test environment (shown as such to the platform). */
  readonly testMode?: boolean;
  search(query: SupplierQuery, signal: AbortSignal): AsyncIterable<Offer> | Promise<Offer[]>;
  verify(offer: Offer, signal: AbortSignal): Promise<VerifyAnswer>;
  /**
   * Books the offer for these passengers, with the seats and bags chosen from `seatMaps` and
   * `bagServices` (a supplier without them is never given any); throws when the supplier refuses.
   */
  book(
    offer: Offer,
    passengers: readonly SupplierPassenger[],
    signal: AbortSignal,
    ancillaries?: readonly AncillarySelection[],
  ): Promise<BookAnswer>;
  /** The seat maps of the offer's segments (a segment without one is absent). */
  seatMaps?(offer: Offer, signal: AbortSignal): Promise<SupplierSeatMap[]>;
  /** The bags sold with the offer on top of its allowance. */
  bagServices?(offer: Offer, signal: AbortSignal): Promise<SupplierBagService[]>;
  /** Adds seats or bags to a ticketed booking (an after-sales purchase). */
  addAncillaries?(
    offer: Offer,
    request: AddAncillariesRequest,
    signal: AbortSignal,
  ): Promise<AddAncillariesAnswer>;
  /** Issues the tickets of a booking; throws when the supplier fails. */
  ticket(
    offer: Offer,
    pnr: string,
    passengers: readonly SupplierPassenger[],
    signal: AbortSignal,
  ): Promise<TicketAnswer>;
  /** Cancels an unticketed booking (releases its seats); a PNR already gone counts as canceled. */
  cancel(pnr: string, signal: AbortSignal): Promise<void>;
  /** The schedule events on a ticketed booking (none when the supplier does not report them). */
  scheduleEvents?(offer: Offer, pnr: string, signal: AbortSignal): Promise<ScheduleEvent[]>;
  /** The desk's review of a change of ticketed passengers to new flights (a supplier without it takes none). */
  quoteChange?(request: ChangeRequestToSupplier, signal: AbortSignal): Promise<ChangeQuoteAnswer>;
  /** Reissues the changed passengers' tickets on the new flights (the quote it approved given back); throws when the supplier fails. */
  reissue?(request: ChangeRequestToSupplier, signal: AbortSignal): Promise<ReissueAnswer>;
  /** The desk's review of a refund: approved with its refund fee, or rejected. */
  quoteRefund?(request: RefundRequestToSupplier, signal: AbortSignal): Promise<RefundQuoteAnswer>;
  /** Refunds the approved tickets (the quote it approved given back); throws when the supplier fails. */
  refund?(request: RefundRequestToSupplier, signal: AbortSignal): Promise<void>;
  /** Voids tickets inside the void window; throws when the supplier fails. */
  void?(request: VoidRequestToSupplier, signal: AbortSignal): Promise<VoidAnswer>;
}

/**
 * The supplier's own quote behind a desk's approval: its id and when it lapses. The after-sales
 * request keeps it and gives it back to `refund` or `reissue`, so that any instance, after any
 * restart, confirms exactly what was quoted; the supplier holds no memory between the two calls.
 */
export interface SupplierQuoteRef {
  ref: string;
  /** ISO 8601: after this the supplier no longer confirms it (absent: it does not say). */
  expiresAt?: string;
}

/** A refund of ticketed passengers on some segments of a booking, as the supplier's desk sees it. */
export interface RefundRequestToSupplier {
  /** The refund order's id: the desk answers the same request the same way. */
  requestId: string;
  pnr: string;
  offer: Offer;
  passengers: readonly SupplierPassenger[];
  /** Indexes in the booking's flattened segments. */
  segmentIndexes: readonly number[];
  /** What the agency paid for these ticket-segments, minor units of `currency`. */
  paidMinor: number;
  /** When the refund was asked: the fare terms' fee is the one of that time before departure. */
  requestedAt: Date;
  currency: string;
  /**
   * Caused by the airline, as the supplier's own disruption or schedule change on the booking
   * shows (spec §9 involuntary reasons): no refund fee.
   */
  involuntary: boolean;
  /**
   * An involuntary reason the supplier recorded nothing for (illness, death, a delay it did not
   * notify): the agent's claim with supporting documents, which the desk accepts (no fee) or
   * refuses (a voluntary refund's fee).
   */
  involuntaryClaim?: boolean;
  /** At `refund`: the supplier's quote the desk approved (`RefundQuoteAnswer.supplierQuote`). */
  supplierQuote?: SupplierQuoteRef;
}

/**
 * The desk's answer to a refund: approved with the fee of the fare's published terms (no
 * `refundFeeMinor`), or with its own fee in minor units of the request's currency; or a rejection.
 */
export type RefundQuoteAnswer =
  | { status: 'approved'; refundFeeMinor?: number; supplierQuote?: SupplierQuoteRef }
  | { status: 'rejected'; reason: string };

/** A void of ticketed passengers of a booking (every segment). */
export interface VoidRequestToSupplier {
  /** The void order's id. */
  requestId: string;
  pnr: string;
  offer: Offer;
  passengers: readonly SupplierPassenger[];
}

export type VoidAnswer = { status: 'voided' } | { status: 'rejected'; reason: string };

/** A change of ticketed passengers of a booking to new flights, as the supplier's desk sees it. */
export interface ChangeRequestToSupplier {
  pnr: string;
  /** The offer of the tickets held (its change rule applies). */
  offer: Offer;
  /** The new flights. */
  newOffer: Offer;
  passengers: readonly SupplierPassenger[];
  /** Indexes of the changed segments in the held offer's flattened segments. */
  segmentIndexes: readonly number[];
  /** When the change was asked: the fare terms' fee is the one of that time before departure. */
  requestedAt: Date;
  /** Caused by the airline (schedule change): no change fee. */
  involuntary: boolean;
  /** At `reissue`: the supplier's quote the desk approved (`ChangeQuoteAnswer.supplierQuote`). */
  supplierQuote?: SupplierQuoteRef;
}

/**
 * The desk's answer to a change: approved with the fare movement it adds to the quoted difference
 * and, when it does not charge the fee of the fare's published terms quoted at the request, its own
 * change fee (both per passenger, minor units of the offer currency); or rejected.
 */
export type ChangeQuoteAnswer =
  | { status: 'approved'; changeFee?: number; fareMove: number; supplierQuote?: SupplierQuoteRef }
  | { status: 'rejected'; reason: string };

/** Reissued tickets, one list per passenger in the request's order, or still pending at the airline. */
export type ReissueAnswer = { status: 'reissued'; ticketNumbers: string[][] } | { status: 'pending' };

/** A supplier whose faults can be set (the simulated ones). */
export interface TunableSupplier extends FlightSupplier {
  faults: SupplierFaults;
}
