import { defaultSearchDate } from '@portal/domain/journey-rules';
import { MAX_MULTI_CITY_LEGS } from '@portal/domain/limits';
import type { PnrAnalysisResult, ShoppingRequest } from '@portal/domain/shopping';
import { BOOKING_TYPES, CABINS, type BookingType, type Cabin } from '@portal/domain/shopping-options';
import { addDays } from '@portal/domain/two-digit-year';

/** One leg of the form; airports are null until picked. */
export interface FormLeg {
  origin: string | null;
  destination: string | null;
  /** YYYY-MM-DD. */
  date: string;
}

export interface SearchFormValues {
  bookingType: BookingType;
  legs: FormLeg[];
  /** Return date of a roundtrip (YYYY-MM-DD). */
  returnDate: string;
  passengers: { adult: number; child: number; infant: number };
  cabinClass: Cabin;
}

export const MAX_PASSENGERS = 9;

/*
 * `today` is the agency's calendar day (`useAgencyToday`), the day the API judges dates against,
 * not the browser's.
 */

/** The default return date: three days after `today`. */
const defaultReturnDate = (today: string) => addDays(today, 3);

export function emptyLeg(date: string): FormLeg {
  return { origin: null, destination: null, date };
}

/** Spec §3 booking search defaults: one-way, tomorrow (in the agency's calendar), 1 adult, Economy. */
export function defaultFormValues(today: string): SearchFormValues {
  return {
    bookingType: 'oneway',
    legs: [emptyLeg(defaultSearchDate(today))],
    returnDate: defaultReturnDate(today),
    passengers: { adult: 1, child: 0, infant: 0 },
    cabinClass: 'economy',
  };
}

/** Switching the trip type keeps what was typed: one leg for one-way/return, at least two for multi-city. */
export function withBookingType(
  values: SearchFormValues,
  bookingType: BookingType,
  today: string,
): SearchFormValues {
  const first = values.legs[0] ?? emptyLeg(defaultSearchDate(today));
  if (bookingType !== 'multicity') return { ...values, bookingType, legs: [first] };
  const legs = values.legs.length >= 2 ? values.legs : [first, emptyLeg(first.date)];
  return { ...values, bookingType, legs: legs.slice(0, MAX_MULTI_CITY_LEGS) };
}

/** The API request of the form (the form has been validated; missing airports become ''). */
export function toShoppingRequest(values: SearchFormValues): ShoppingRequest {
  const journeys = values.legs.map((leg, index) => ({
    origin: leg.origin ?? '',
    destination: leg.destination ?? '',
    date: leg.date,
    ...(index === 0 && values.bookingType === 'roundtrip' ? { returnDate: values.returnDate } : {}),
  }));
  return {
    journeys,
    passengers: values.passengers,
    cabinClass: values.cabinClass,
    bookingType: values.bookingType,
    sort: 'price',
  };
}

/** The form values of a request (restoring a stored search). */
export function fromShoppingRequest(request: ShoppingRequest, today: string): SearchFormValues {
  const first = request.journeys[0];
  return {
    bookingType: request.bookingType,
    legs: request.journeys.map((j) => ({ origin: j.origin, destination: j.destination, date: j.date })),
    returnDate: first?.returnDate ?? defaultReturnDate(today),
    passengers: request.passengers,
    cabinClass: request.cabinClass,
  };
}

/**
 * The form values of an analysed PNR: its journeys (a there-and-back pair becomes a roundtrip,
 * more legs a multi-city trip) and its passenger counts (at least one adult).
 */
export function fromPnr(result: PnrAnalysisResult, current: SearchFormValues): SearchFormValues {
  const journeys = result.journeys.slice(0, MAX_MULTI_CITY_LEGS);
  const count = (type: string) => result.passengers.filter((p) => p.type === type).length;
  const adult = Math.min(MAX_PASSENGERS, Math.max(1, count('adult')));
  const child = Math.min(MAX_PASSENGERS - adult, count('child'));
  const passengers = { adult, child, infant: Math.min(adult, count('infant')) };
  const [a, b] = journeys;
  const isReturn =
    journeys.length === 2 && a && b && a.origin === b.destination && a.destination === b.origin;
  const legs = journeys.map((j) => ({ origin: j.origin, destination: j.destination, date: j.date }));
  if (isReturn && a && b) {
    return { ...current, bookingType: 'roundtrip', legs: legs.slice(0, 1), returnDate: b.date, passengers };
  }
  const bookingType = journeys.length > 1 ? 'multicity' : 'oneway';
  return { ...current, bookingType, legs: legs.length > 0 ? legs : current.legs, passengers };
}

export { BOOKING_TYPES, CABINS };
