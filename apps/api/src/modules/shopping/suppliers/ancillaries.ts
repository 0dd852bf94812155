/*
 * Seats and bags as a flight supplier sells them (the supplier side of the ancillaries port).
 * Amounts are integer minor units of the offer's currency; segments are indexes in the offer's
 * flattened segments (leg by leg), passengers indexes in the booking's passenger list.
 */
import type { Cabin, PassengerType } from '@portal/domain/shopping';

/** What a seat is next to or has. */
export type SeatFeature = 'window' | 'aisle' | 'middle' | 'exit_row' | 'extra_legroom' | 'bassinet';

/** One seat of a cabin. */
export interface SupplierSeat {
  /** Row and letter, as the airline prints it: `12A`. */
  designator: string;
  /** Taken, or blocked by the airline (crew rest, broken recline): not offered. */
  available: boolean;
  /** Minor units per passenger; 0 when free. */
  priceMinor: number;
  features: readonly SeatFeature[];
  /**
   * Passenger types that may not sit here (exit rows: infants and children; the adult travelling
   * with an infant is the INF passenger's adult and is checked by the booking, not here).
   */
  refusedTypes: readonly PassengerType[];
}

/** One row of a cabin: seats left to right, null where an aisle or a gap stands. */
export interface SupplierSeatRow {
  row: number;
  seats: ReadonlyArray<SupplierSeat | null>;
}

/** The seat map of one segment of an offer. */
export interface SupplierSeatMap {
  segmentIndex: number;
  aircraft: string;
  cabin: Cabin;
  /** The letters of the columns, left to right, with '' for an aisle (`['A','B','C','','D','E','F']`). */
  columns: readonly string[];
  rows: readonly SupplierSeatRow[];
}

/** A bag a supplier sells on top of the fare's allowance. */
export interface SupplierBagService {
  /** The supplier's id of the service: what a booking names. */
  id: string;
  /** The segments one purchase covers (a bag is usually sold per leg or per whole journey). */
  segmentIndexes: readonly number[];
  /** Passenger types it is sold to (infants without a seat usually have none). */
  passengerTypes: readonly PassengerType[];
  /** Always 1 today: one checked piece. */
  pieces: number;
  weightKg: number;
  /** Minor units per piece and passenger for the segments it covers. */
  priceMinor: number;
  /** How many of it one passenger may take. */
  maxQuantity: number;
}

/** What one passenger takes on top of the fare, per segment for seats and per service for bags. */
export interface AncillarySelection {
  passengerIndex: number;
  seats: ReadonlyArray<{ segmentIndex: number; designator: string }>;
  bags: ReadonlyArray<{ serviceId: string; quantity: number }>;
}

/** Seats and bags the supplier confirmed on a booking, priced in minor units of the offer currency. */
export interface ConfirmedAncillaries {
  seats: ReadonlyArray<{
    passengerIndex: number;
    segmentIndex: number;
    designator: string;
    priceMinor: number;
  }>;
  bags: ReadonlyArray<{
    passengerIndex: number;
    serviceId: string;
    segmentIndexes: readonly number[];
    quantity: number;
    weightKg: number;
    priceMinor: number;
  }>;
}

/** Seats or bags added to a booking after it was made (an after-sales purchase). */
export interface AddAncillariesRequest {
  /** The portal's id of the purchase: the supplier answers the same request the same way. */
  requestId: string;
  pnr: string;
  selections: readonly AncillarySelection[];
}

export type AddAncillariesAnswer =
  { status: 'added'; ancillaries: ConfirmedAncillaries } | { status: 'rejected'; reason: string };
