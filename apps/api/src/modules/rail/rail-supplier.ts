import type { SeatClass, TrainType } from '@portal/domain/rail';

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
}

/**
 * A rail content source (architecture: Suppliers, like `FlightSupplier`). Implemented now:
 * `search`. Booking, ticketing, cancelling and refunding join this interface with train orders.
 */
export interface RailSupplier {
  readonly name: string;
  /** The trains of the day between any origin and any destination station; [] when none run. */
  search(query: RailQuery, signal: AbortSignal): Promise<RailTrain[]>;
}

/** A rail supplier whose faults can be set (the simulated one). */
export interface TunableRailSupplier extends RailSupplier {
  faults: RailSupplierFaults;
}

/** The rail suppliers of one app, with fault knobs for tests (settable on the simulated ones). */
export interface RailSupplierRegistry {
  list(): RailSupplier[];
  /** Sets a supplier's fault knobs; false when no such tunable supplier. */
  setFaults(name: string, faults: RailSupplierFaults): boolean;
  clearFaults(): void;
}

function isTunable(s: RailSupplier): s is TunableRailSupplier {
  return 'faults' in s && typeof s.faults === 'object' && s.faults !== null;
}

/** A registry over these suppliers (none: the train search answers 503). */
export function createRailRegistry(suppliers: RailSupplier[]): RailSupplierRegistry {
  const byName = new Map(suppliers.map((s) => [s.name, s]));
  return {
    list: () => [...byName.values()],
    setFaults(name, faults) {
      const supplier = byName.get(name);
      if (!supplier || !isTunable(supplier)) return false;
      supplier.faults = { ...faults };
      return true;
    },
    clearFaults() {
      for (const s of byName.values()) if (isTunable(s)) s.faults = {};
    },
  };
}
