// The option lists of flight shopping, without zod: the search page needs them at once, the
// schemas of \`shopping.ts\` (which re-exports these) only once a search runs.

/** Cabins of spec §3, most premium first. */
export const CABINS = [
  'first',
  'premium_first',
  'business',
  'premium_business',
  'premium_economy',
  'economy',
] as const;
export type Cabin = (typeof CABINS)[number];

/** Booking types of the search form (spec §3 booking search; default oneway). */
export const BOOKING_TYPES = ['oneway', 'roundtrip', 'multicity'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

/** Sorts of the flight list (spec §2): default (recommended), price, time. The search default is price. */
export const SOLUTION_SORTS = ['default', 'price', 'time'] as const;
export type SolutionSort = (typeof SOLUTION_SORTS)[number];

export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];

/** Invoice types of a fare's restrictions (spec §3). */
export const INVOICE_TYPES = ['bill', 'itinerary', 'itinerary-with-bill', 'none'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** Content types of the simulated and real suppliers. */
export const CONTENT_TYPES = ['gds', 'ndc', 'lcc'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Passport-type documents a fare may require (payload values of spec §3). */
export const PAYLOAD_DOCUMENT_TYPES = ['idcard', 'passport', 'chinese-passport', 'eep'] as const;
