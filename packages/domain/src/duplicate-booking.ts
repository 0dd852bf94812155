import { z } from 'zod';
import type { FlightOrderStatus } from './flight-order-status';
import { isCleanText } from './text-checks';

/**
 * The duplicate-booking check of a new flight booking, as a GDS runs it: the same traveller
 * (name and document number) already booked on an overlapping flight in a live order of the
 * agency. The API refuses such a booking with 409 DUPLICATE_BOOKING naming the bookings; the
 * agent may book anyway by sending `duplicateConfirmed` with a reason, which the order keeps.
 */

/** The longest reason an agent may give for booking a possible duplicate. */
export const DUPLICATE_REASON_MAX = 200;

/** The body field that books a possible duplicate anyway: the agent's reason. */
export const DuplicateConfirmed = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1)
    .max(DUPLICATE_REASON_MAX)
    .refine(isCleanText, { message: 'Invalid characters' }),
});
export type DuplicateConfirmed = z.infer<typeof DuplicateConfirmed>;

/** One passenger of a live order on a flight that overlaps one of the new booking. */
export const DuplicateBooking = z.object({
  bookingNumber: z.string(),
  /** `SURNAME/GIVEN NAMES` as booked. */
  passenger: z.string(),
  /** Carrier and number of the booked flight (`MU5101`) and its local departure date. */
  flight: z.string(),
  date: z.string(),
});
export type DuplicateBooking = z.infer<typeof DuplicateBooking>;

/** `data` of the 409 DUPLICATE_BOOKING answer. */
export const DuplicateBookingData = z.object({ duplicates: z.array(DuplicateBooking).min(1) });
export type DuplicateBookingData = z.infer<typeof DuplicateBookingData>;

/**
 * Orders whose passengers hold (or are about to hold) seats: originals from booking to issue, and
 * change orders (their new flights) from request to reissue. Canceled, closed, failed and rejected
 * orders hold nothing; refund and void orders are not bookings.
 */
export const SEAT_HOLDING_STATUSES = [
  'reserved',
  'reviewing',
  'origin_holding',
  'to_be_paid',
  'proceeding',
  'holding',
  'issued',
  'chg_reviewing',
  'chg_to_be_paid',
  'chg_proceeding',
  'change_holding',
  'changed',
] as const satisfies readonly FlightOrderStatus[];

/**
 * After-sales statuses in which a claimed ticket-segment is gone from the order it was claimed on:
 * refunded, voided, or replaced by a change's new tickets. The original itself stays `issued`.
 */
export const TICKET_GONE_STATUSES = [
  'refunded',
  'refunded_reimbursing',
  'refunded_reimbursed',
  'voided',
  'voided_reimbursing',
  'voided_reimbursed',
  'changed',
] as const satisfies readonly FlightOrderStatus[];

/** A traveller as the check compares them. */
export interface Traveller {
  surname: string;
  givenNames: string;
  documentNumber: string;
}

/** A flight segment as the check compares it: its flight, local departure date and UTC times (ms). */
export interface BookedFlight {
  /** Marketing carrier and number, `MU5101`. */
  flight: string;
  /** Local departure date, `YYYY-MM-DD`. */
  date: string;
  departureUtc: number;
  arrivalUtc: number;
}

/** A live order's passengers with the flights each still holds. */
export interface HeldBooking {
  bookingNumber: string;
  passengers: { traveller: Traveller; flights: BookedFlight[] }[];
}

const letters = (text: string) => text.trim().toUpperCase().replace(/\s+/g, ' ');
const documentKey = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

/** Same surname, given names and document number, ignoring case, extra spaces and dashes in the number. */
export function sameTraveller(a: Traveller, b: Traveller): boolean {
  return (
    letters(a.surname) === letters(b.surname) &&
    letters(a.givenNames) === letters(b.givenNames) &&
    documentKey(a.documentNumber) === documentKey(b.documentNumber)
  );
}

/**
 * Two flights overlap when they are the same flight number on the same local date, or when one
 * is in the air (departure to arrival) while the other is: nobody flies both.
 */
export function flightsOverlap(a: BookedFlight, b: BookedFlight): boolean {
  if (a.flight.toUpperCase() === b.flight.toUpperCase() && a.date === b.date) return true;
  return a.departureUtc < b.arrivalUtc && b.departureUtc < a.arrivalUtc;
}

/**
 * The duplicates of a new booking (`travellers` on `flights`) among `held` bookings: one entry per
 * held booking, passenger and overlapping flight of theirs, in the order found.
 */
export function findDuplicateBookings(
  wanted: { travellers: readonly Traveller[]; flights: readonly BookedFlight[] },
  held: readonly HeldBooking[],
): DuplicateBooking[] {
  const found: DuplicateBooking[] = [];
  for (const booking of held) {
    for (const { traveller, flights } of booking.passengers) {
      if (!wanted.travellers.some((t) => sameTraveller(t, traveller))) continue;
      for (const flight of flights) {
        if (!wanted.flights.some((f) => flightsOverlap(f, flight))) continue;
        found.push({
          bookingNumber: booking.bookingNumber,
          passenger: `${traveller.surname}/${traveller.givenNames}`,
          flight: flight.flight,
          date: flight.date,
        });
      }
    }
  }
  return found;
}

/** The distinct booking numbers of `duplicates`, in order. */
export function duplicateBookingNumbers(duplicates: readonly DuplicateBooking[]): string[] {
  return [...new Set(duplicates.map((d) => d.bookingNumber))];
}
