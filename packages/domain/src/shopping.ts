import { z } from 'zod';
import { ADJUSTMENT_CATEGORIES } from './agency-config';
import { CURRENCIES } from './currency';
import { FareTerms } from './fare-terms';
import { MAX_MULTI_CITY_LEGS } from './limits';
import { CalendarDate } from './primitives';
import {
  BOOKING_TYPES,
  CABINS,
  CONTENT_TYPES,
  INVOICE_TYPES,
  PASSENGER_TYPES,
  PAYLOAD_DOCUMENT_TYPES,
  SOLUTION_SORTS,
} from './shopping-options';

export * from './shopping-options';

const IataCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/));
/** A date the API answers with; requests take `CalendarDate` (1900..2199). */
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Local wall-clock time of an airport, `YYYY-MM-DDTHH:mm` (api conventions). */
const LocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
/** Money in JSON: decimal string in the currency's minor digits. */
export const MoneyJson = z.object({
  amount: z.string().regex(/^-?\d+(\.\d+)?$/),
  currency: z.enum(CURRENCIES),
});
export type MoneyJson = z.infer<typeof MoneyJson>;

export const SearchJourney = z.strictObject({
  origin: IataCode,
  destination: IataCode,
  date: CalendarDate,
  /** Only on the first journey of a roundtrip. */
  returnDate: CalendarDate.optional(),
});
export type SearchJourney = z.infer<typeof SearchJourney>;

export const PassengerCounts = z
  .strictObject({
    adult: z.number().int().min(1).max(9),
    child: z.number().int().min(0).max(9),
    infant: z.number().int().min(0).max(9),
  })
  .refine((p) => p.infant <= p.adult, { message: 'infant', path: ['infant'] })
  .refine((p) => p.adult + p.child <= 9, { message: 'total', path: ['child'] });
export type PassengerCounts = z.infer<typeof PassengerCounts>;

/**
 * Most journeys a search request may carry: a bound on the input only. The journey rules refuse an
 * empty list and more than MAX_MULTI_CITY_LEGS with their own keys (`validateJourneys`).
 */
export const MAX_REQUEST_JOURNEYS = 4 * MAX_MULTI_CITY_LEGS;

/**
 * POST /shopping/v2/flight/async-shopping (api conventions: shopping). One-way and return trips
 * have one journey (a return adds `returnDate` to it); multi-city has several.
 */
export const ShoppingRequest = z
  .strictObject({
    journeys: z.array(SearchJourney).max(MAX_REQUEST_JOURNEYS),
    passengers: PassengerCounts,
    cabinClass: z.enum(CABINS),
    bookingType: z.enum(BOOKING_TYPES),
    sort: z.enum(SOLUTION_SORTS).default('price'),
  })
  .refine((r) => r.bookingType === 'multicity' || r.journeys.length <= 1, {
    message: 'One journey for a one-way or return trip',
    path: ['journeys'],
  });
export type ShoppingRequest = z.infer<typeof ShoppingRequest>;

export const ShoppingStarted = z.object({ searchId: z.string(), expiresAt: z.string() });
export type ShoppingStarted = z.infer<typeof ShoppingStarted>;

/** The longest a poll may wait for news (`waitMs`). */
export const MAX_SOLUTIONS_WAIT_MS = 10_000;

/**
 * POST /shopping/v2/flight/async-shopping/solutions. `cursor` is the one the previous answer gave:
 * the answer then carries only what changed since. `waitMs` lets the server hold the answer until
 * something changed (long polling), at most that long; 0 or absent answers at once.
 */
export const SolutionsRequest = z.strictObject({
  searchId: z.string().min(1).max(64),
  cursor: z
    .string()
    .regex(/^[01]{1,64}$/)
    .optional(),
  waitMs: z.number().int().min(0).max(MAX_SOLUTIONS_WAIT_MS).optional(),
});
export type SolutionsRequest = z.infer<typeof SolutionsRequest>;

export const SUPPLIER_STATUSES = ['pending', 'done', 'timeout', 'error'] as const;
export const SupplierProgress = z.object({
  name: z.string(),
  status: z.enum(SUPPLIER_STATUSES),
  count: z.number().int(),
  elapsedMs: z.number().int(),
});
export type SupplierProgress = z.infer<typeof SupplierProgress>;

export const FlightPoint = z.object({
  airport: z.string(),
  terminal: z.string().nullable(),
  /** Local time at the airport. */
  time: LocalDateTime,
  timeZone: z.string(),
});

export const Segment = z.object({
  marketingCarrier: z.string(),
  operatingCarrier: z.string(),
  flightNumber: z.string(),
  aircraft: z.string(),
  departure: FlightPoint,
  arrival: FlightPoint,
  durationMinutes: z.number().int(),
  cabin: z.enum(CABINS),
  bookingClass: z.string(),
  fareBasis: z.string().nullable(),
});
export type Segment = z.infer<typeof Segment>;

/** One journey of a solution: its segments and layovers. */
export const SolutionLeg = z.object({
  segments: z.array(Segment).min(1),
  durationMinutes: z.number().int(),
  /** Calendar days between departure and arrival dates (the +1 of an overnight flight). */
  arrivalDayOffset: z.number().int(),
});
export type SolutionLeg = z.infer<typeof SolutionLeg>;

/** Spec §3 solution priceDetail.priceList entry, with the breakdown of spec §3 price fields. */
export const PriceListEntry = z.object({
  passengerType: z.enum(PASSENGER_TYPES),
  count: z.number().int(),
  /** Ticket price (fare) per passenger. */
  price: z.string(),
  tax: z.string(),
  fuelSurcharge: z.string(),
  airportTax: z.string(),
  /** What the agency pays per passenger: price + taxes + adjustments. */
  salePrice: z.string(),
  currency: z.enum(CURRENCIES),
});
export type PriceListEntry = z.infer<typeof PriceListEntry>;

export const PriceDetail = z.object({
  productType: z.string(),
  priceList: z.array(PriceListEntry),
  total: MoneyJson,
});
export type PriceDetail = z.infer<typeof PriceDetail>;

const BaggageAllowance = z.object({
  pieces: z.number().int(),
  weightKg: z.number().nullable(),
  dimensions: z.string().nullable(),
});
/** Spec §3 baggage rule, per passenger type. */
export const BaggageRule = z.object({
  passengerType: z.enum(PASSENGER_TYPES),
  carryOn: BaggageAllowance,
  checked: BaggageAllowance,
  /** Price of one extra checked bag when the fare has none (low-cost fares). */
  paidBagPrice: MoneyJson.nullable(),
});
export type BaggageRule = z.infer<typeof BaggageRule>;

const PenaltyRule = z.object({
  allowed: z.boolean(),
  fee: MoneyJson.nullable(),
  note: z.string(),
});
/**
 * Change and refund rules of a fare: the supplier's summary with its own wording (`note`) and the
 * structured terms quotes follow (`fare-terms.ts`, fixed amounts in the settlement currency;
 * absent on solutions priced before the suppliers published them).
 */
export const FareRules = z.object({
  change: PenaltyRule,
  refund: PenaltyRule,
  noShow: PenaltyRule,
  terms: FareTerms.optional(),
});
export type FareRules = z.infer<typeof FareRules>;

/** Spec §3 restrictions. */
export const Restrictions = z.object({
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  documentTypes: z.array(z.enum(PAYLOAD_DOCUMENT_TYPES)),
  eligibleCountries: z.array(z.string()),
  ineligibleCountries: z.array(z.string()),
  invoiceType: z.enum(INVOICE_TYPES),
  ticketingChannel: z.string(),
  productType: z.string(),
});
export type Restrictions = z.infer<typeof Restrictions>;

/** Another fare family of the same flights: its solution and total. */
export const FamilyLink = z.object({ solutionId: z.string(), fareFamily: z.string(), total: MoneyJson });

export const Solution = z.object({
  id: z.string(),
  /** Shown only when the agency's config says so; null otherwise. */
  supplier: z.string().nullable(),
  contentType: z.enum(CONTENT_TYPES),
  validatingCarrier: z.string(),
  legs: z.array(SolutionLeg).min(1),
  cabin: z.enum(CABINS),
  /** Fare family (brand) name, e.g. "Economy Standard"; null when the source has none. */
  fareFamily: z.string().nullable(),
  priceDetail: PriceDetail,
  baggage: z.array(BaggageRule),
  rules: FareRules,
  restrictions: Restrictions,
  /** Ticketing-speed tier code of spec §9. */
  ticketingTier: z.string(),
  seatsLeft: z.number().int(),
  /** Quotation validity (15 minutes from the quote). */
  expiresAt: z.string(),
  /** Other fare families of the same flights, cheapest first (NDC content). */
  families: z.array(FamilyLink),
  /**
   * Spec §3 flight category, the one the agencies' price adjustments apply by (absent on
   * solutions priced before it was given).
   */
  category: z.enum(ADJUSTMENT_CATEGORIES).optional(),
});
export type Solution = z.infer<typeof Solution>;

export const SolutionsResult = z.object({
  finished: z.boolean(),
  suppliers: z.array(SupplierProgress),
  solutions: z.array(Solution),
  /** Settlement currency of all prices in this search. */
  currency: z.enum(CURRENCIES),
});
export type SolutionsResult = z.infer<typeof SolutionsResult>;

/**
 * A poll's answer: the solutions new or changed since the request's cursor (all of them when
 * `reset`), the ids no longer offered, and the cursor to send next.
 */
export const SolutionsDelta = SolutionsResult.extend({
  /** True when `solutions` is the whole list (no or unknown cursor): replace, do not merge. */
  reset: z.boolean(),
  /** Ids of solutions the client holds that are no longer offered (a cheaper supplier's copy came). */
  removed: z.array(z.string()),
  /**
   * Solutions the client holds whose other fare families changed (a later supplier sells the same
   * flights): only their new `families`, as nothing else of a solution ever changes.
   */
  families: z.array(z.object({ id: z.string(), families: z.array(FamilyLink) })),
  cursor: z.string(),
});
export type SolutionsDelta = z.infer<typeof SolutionsDelta>;

/** POST /shopping/v2/flight/accurate-search: the exact flights of an itinerary. */
export const AccurateSearchRequest = z.strictObject({
  segments: z
    .array(
      z.strictObject({
        carrier: z.string().regex(/^[A-Z0-9]{2}$/),
        flightNumber: z.string().regex(/^\d{1,4}[A-Z]?$/),
        origin: IataCode,
        destination: IataCode,
        date: CalendarDate,
        bookingClass: z
          .string()
          .regex(/^[A-Z]$/)
          .optional(),
      }),
    )
    .min(1)
    .max(8),
  passengers: PassengerCounts,
  cabinClass: z.enum(CABINS).optional(),
});
export type AccurateSearchRequest = z.infer<typeof AccurateSearchRequest>;

/**
 * The data of FLIGHT_NOT_FOUND answering an accurate search: each flight asked for and whether any
 * supplier sells it on its date by itself (all found: they exist, but are not sold together).
 */
export const AccurateFlightsNotFound = z.object({
  flights: z.array(
    z.object({
      carrier: z.string(),
      flightNumber: z.string(),
      origin: z.string(),
      destination: z.string(),
      date: IsoDate,
      found: z.boolean(),
    }),
  ),
});
export type AccurateFlightsNotFound = z.infer<typeof AccurateFlightsNotFound>;

/** A travel document read from a PNR's `SSR FOID` or `SSR DOCS` element. */
export const PnrDocument = z.object({
  kind: z.enum(['passport', 'national-id', 'other']),
  number: z.string(),
  issuingCountry: z.string().nullable(),
  nationality: z.string().nullable(),
  birthday: IsoDate.nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  expiryDate: IsoDate.nullable(),
});
export type PnrDocument = z.infer<typeof PnrDocument>;

/** POST /shopping/v2/flight/analysis-pnr. */
export const PnrAnalysisRequest = z.strictObject({ pnr: z.string().trim().min(1).max(5000) });

export const PnrAnalysisResult = z.object({
  journeys: z.array(z.object({ origin: z.string(), destination: z.string(), date: IsoDate })),
  segments: z.array(
    z.object({
      carrier: z.string(),
      flightNumber: z.string(),
      bookingClass: z.string().nullable(),
      date: IsoDate,
      origin: z.string(),
      destination: z.string(),
      departureTime: z.string().nullable(),
      arrivalTime: z.string().nullable(),
      /** Days from the departure date to the arrival date (`+1` overnight). */
      arrivalDayOffset: z.number().int(),
      /** The GDS action code (HK, RR, KK, …) when the text shows one. */
      status: z.string().nullable(),
    }),
  ),
  passengers: z.array(
    z.object({
      surname: z.string(),
      givenName: z.string(),
      title: z.string().nullable(),
      type: z.enum(PASSENGER_TYPES),
      /** From `SSR FOID` (kind and number) or `SSR DOCS` (the whole record). */
      document: PnrDocument.nullable(),
    }),
  ),
  recordLocator: z.string().nullable(),
  /** Lines that could not be read, for the agent to check. */
  unreadLines: z.array(z.string()),
  /** The same lines with their 1-based line numbers in the pasted text. */
  unread: z.array(z.object({ line: z.number().int().min(1), text: z.string() })),
});
export type PnrAnalysisResult = z.infer<typeof PnrAnalysisResult>;

/** The answer of an accurate search: the priced solutions and the search they are kept under. */
export const AccurateSearchResult = SolutionsResult.extend({ searchId: z.string() });
export type AccurateSearchResult = z.infer<typeof AccurateSearchResult>;

/** Outcomes of the price check (spec §8), a typed result the UI acts on. */
export const VERIFICATION_OUTCOMES = [
  'confirmed',
  'price_changed',
  'package_changed',
  'unavailable',
  'restrictions_changed',
  'timeout',
] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

export const VerificationResult = z.object({
  outcome: z.enum(VERIFICATION_OUTCOMES),
  /** The solution as now priced (new id when it changed); null when unavailable or timed out. */
  solution: Solution.nullable(),
  previousTotal: MoneyJson,
});
export type VerificationResult = z.infer<typeof VerificationResult>;
