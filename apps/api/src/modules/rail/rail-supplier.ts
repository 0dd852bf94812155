import type { SeatClass, TrainType } from '@portal/domain/rail';
import { createSupplierRegistry, type SupplierRegistry } from '../../platform/supplier-registry';

/** One journey to search: the stations on each side (a city gives several) and the local date. */
export interface RailQuery {
  origins: readonly string[];
  destinations: readonly string[];
  /** `YYYY-MM-DD`, the departure date at the origin station. */
  date: string;
}

/** A seat class on a train with its price (one adult ticket) and the seats left. */
export interface RailSeatOffer {
  seatClass: SeatClass;
  /** Integer minor units of the train's currency. */
  priceMinor: number;
  available: number;
}

/** A train between two of its stops as a rail supplier answers it. */
export interface RailTrain {
  supplier: string;
  /** The supplier's reference of this train on this day between these stations. */
  ref: string;
  trainNumber: string;
  trainType: TrainType;
  origin: string;
  destination: string;
  /** `YYYY-MM-DDTHH:mm` in the station's zone. */
  departureLocal: string;
  arrivalLocal: string;
  departureTimeZone: string;
  arrivalTimeZone: string;
  departureUtc: string;
  arrivalUtc: string;
  durationMinutes: number;
  distanceKm: number;
  currency: 'CNY';
  seats: RailSeatOffer[];
}

/** Fault knobs of a simulated rail supplier, set by tests and the test-only HTTP hook. */
export interface RailSupplierFaults {
  /** Never answer (until aborted). */
  timeout?: boolean;
  /** Throw on search. */
  error?: boolean;
  /** Every seat sold out. */
  soldOut?: boolean;
  /** No train on any route. */
  noTrains?: boolean;
  /** Fixed latency in ms, instead of the supplier's own (not scaled). */
  latencyMs?: number;
  /** Throw on book, ticket, cancel and refund (the supplier is down). */
  orderError?: boolean;
  /** Refuse to issue tickets (the order fails and its money goes back). */
  ticketRefused?: boolean;
  /** Refuse refunds (the order stays ticketed). */
  refundRefused?: boolean;
  /** Answer every booking with this adult price (minor units) instead of the timetable's. */
  priceMinor?: number;
}

/** A passenger of a rail booking, as the supplier needs it (12306: name, ticket type, document). */
export interface RailPassenger {
  name: string;
  type: 'adult' | 'child';
  documentType: string;
  documentNumber: string;
}

/** A booking of one train (`ref` of a search answer) in one seat class for some passengers. */
export interface RailBookRequest {
  ref: string;
  seatClass: SeatClass;
  /** The adult price the agent saw (minor units): a different price now is `price_changed`. */
  expectedPriceMinor: number;
  passengers: readonly RailPassenger[];
}

/**
 * The supplier's answer to a booking: booked (seats held until paid, with the train as it is now),
 * a changed price (nothing booked), or unavailable (the train no longer runs or too few seats).
 */
export type RailBookAnswer =
  | { kind: 'booked'; reference: string; train: RailTrain; priceMinor: number }
  | { kind: 'price_changed'; train: RailTrain; priceMinor: number }
  | { kind: 'unavailable'; train: RailTrain | null };

/** One issued ticket: the passenger's coach and seat as printed, and the ticket number. */
export interface RailTicket {
  coach: string;
  seatNumber: string;
  ticketNumber: string;
}

export type RailTicketAnswer =
  { kind: 'ticketed'; tickets: RailTicket[] } | { kind: 'refused'; reason: string };

export type RailRefundAnswer = { kind: 'refunded' } | { kind: 'refused'; reason: string };

/**
 * A rail content source (architecture: Suppliers, like `FlightSupplier`): search, then the order's
 * life at the supplier. Every call may be slow or fail: callers hold no transaction across one.
 */
export interface RailSupplier {
  readonly name: string;
  /** The trains of the day between any origin and any destination station; [] when none run. */
  search(query: RailQuery, signal: AbortSignal): Promise<RailTrain[]>;
  /** Checks the train, seats and price again and holds the seats (a booking to pay). */
  book(request: RailBookRequest, signal: AbortSignal): Promise<RailBookAnswer>;
  /** Issues the tickets of a paid booking, one per passenger in booking order. */
  ticket(reference: string, signal: AbortSignal): Promise<RailTicketAnswer>;
  /** Releases the seats of an unticketed booking (idempotent). */
  cancel(reference: string, signal: AbortSignal): Promise<void>;
  /** Refunds the tickets of a booking (the fee is the rail refund rule's, kept by the caller). */
  refund(reference: string, signal: AbortSignal): Promise<RailRefundAnswer>;
}

/** A rail supplier whose faults can be set (the simulated one). */
export interface TunableRailSupplier extends RailSupplier {
  faults: RailSupplierFaults;
}

/** The rail suppliers of one app, with fault knobs for tests (settable on the simulated ones). */
export type RailSupplierRegistry = SupplierRegistry<RailSupplier, RailSupplierFaults>;

/** A registry over these suppliers (none: the train search answers 503). */
export function createRailRegistry(suppliers: RailSupplier[]): RailSupplierRegistry {
  return createSupplierRegistry<RailSupplier, RailSupplierFaults>(suppliers);
}
