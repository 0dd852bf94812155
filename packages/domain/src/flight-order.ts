import { z } from 'zod';
import { AncillarySelections, OrderAncillary } from './ancillaries';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging';
import { AfterSalesDetail, RelatedOrder, VoluntaryAfterSales } from './after-sales';
import {
  DOCUMENT_TYPE_CODES,
  payloadDocumentType,
  PAYLOAD_DOCUMENT_TYPES,
  type DocumentType,
} from './document-types';
import { FLIGHT_ORDER_ACTIONS } from './flight-order-actions';
import {
  FLIGHT_ORDER_STATUSES,
  ORDER_TYPE_FILTERS,
  ORDER_TYPES,
  PAYMENT_STATES,
  STATUS_COLORS,
  type FlightOrderStatus,
} from './flight-order-status';
import { COUNTRY_PATTERN, GIVEN_NAMES_PATTERN, PASSENGER_TEXT_MAX, SURNAME_PATTERN } from './name-patterns';
import { PAYMENT_CHANNELS, paymentResultSchema } from './payment';
import { DuplicateConfirmed } from './duplicate-booking';
import { CalendarDate } from './primitives';
import { BaggageRule, FareRules, MoneyJson, PASSENGER_TYPES, Segment } from './shopping';
import { TIMELINE_NOTE_KEYS, TimelineNoteParams } from './timeline-notes';
import { FlightOrderDocuments } from './traveller-documents';

export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** ISO 8601 timestamp in UTC with Z (api conventions). */
export const Timestamp = z.iso.datetime();

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

const Status = z.enum(FLIGHT_ORDER_STATUSES as readonly [FlightOrderStatus, ...FlightOrderStatus[]]);
const InterfaceDocumentType = z.enum(DOCUMENT_TYPE_CODES as readonly [DocumentType, ...DocumentType[]]);

/** A phone number with its area code (default region 86); validity per area code is `isValidPhone`. */
export const PhoneWithArea = z.strictObject({
  areaCode: z.string().regex(/^\+?\d{1,4}$/),
  number: z.string().trim().min(4).max(20),
});
export type PhoneWithArea = z.infer<typeof PhoneWithArea>;

/** A passenger's travel document in the booking payload: the payload type and the interface type it came from. */
export const TravelDocument = z
  .strictObject({
    /** One of the payload's four (spec §3); must be the mapping of `interfaceType`. */
    type: z.enum(PAYLOAD_DOCUMENT_TYPES),
    /** One of the ten interface types. */
    interfaceType: InterfaceDocumentType,
    number: z.string().trim().min(1).max(PASSENGER_TEXT_MAX.documentNumber),
    expiryDate: CalendarDate,
    issuingPlace: z.string().trim().min(1).max(PASSENGER_TEXT_MAX.issuingPlace).optional(),
  })
  .refine((doc) => doc.type === payloadDocumentType(doc.interfaceType), {
    message: 'document type does not match the interface type',
    path: ['type'],
  });
export type TravelDocument = z.infer<typeof TravelDocument>;

export const FrequentFlyer = z.strictObject({
  /** Issuing airline, IATA code. */
  airline: z.string().regex(/^[A-Z0-9]{2}$/),
  number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,20}$/),
});
export type FrequentFlyer = z.infer<typeof FrequentFlyer>;

/**
 * The passenger detail of the booking payload, in the spec's payload names (birthday, gender,
 * given_names, nationality, surname, travel_document, type). The full §5 rules (fare eligibility,
 * document number per type, type by age on the travel date) are `validatePassenger`.
 */
export const BookingPassenger = z.strictObject({
  type: z.enum(PASSENGER_TYPES),
  surname: z.string().trim().min(1).max(PASSENGER_TEXT_MAX.surname).regex(SURNAME_PATTERN),
  given_names: z.string().trim().min(1).max(PASSENGER_TEXT_MAX.givenNames).regex(GIVEN_NAMES_PATTERN),
  gender: z.enum(GENDERS),
  birthday: CalendarDate,
  /** ISO 3166-1 alpha-2. */
  nationality: z.string().regex(COUNTRY_PATTERN),
  travel_document: TravelDocument,
  frequentFlyer: FrequentFlyer.optional(),
  phone: PhoneWithArea.optional(),
  email: z.email().max(254).optional(),
});
export type BookingPassenger = z.infer<typeof BookingPassenger>;

export const BookingContact = z.strictObject({
  name: z.string().trim().min(1).max(PASSENGER_TEXT_MAX.contactName),
  email: z.email().max(254),
  phone: PhoneWithArea,
});
export type BookingContact = z.infer<typeof BookingContact>;

/** `POST /order/v2/flight/orders` (with an `Idempotency-Key`). */
export const CreateFlightOrderBody = z.strictObject({
  solutionId: z.string().min(1).max(128),
  passengers: z.array(BookingPassenger).min(1).max(9),
  contact: BookingContact,
  remark: z.string().trim().max(500).optional(),
  /** Books anyway when the booking may duplicate a live one (409 DUPLICATE_BOOKING): the agent's reason. */
  duplicateConfirmed: DuplicateConfirmed.optional(),
  ancillaries: AncillarySelections.optional(),
});
export type CreateFlightOrderBody = z.infer<typeof CreateFlightOrderBody>;

/** A text field of the booking form: typed and bounded; its content is for the rules of spec §5. */
const DraftText = (max: number) => z.string().max(max).nullish();

/**
 * A passenger of the booking body as the API first accepts it: every field of the right type, any
 * of them possibly empty, so that `validatePassenger` can name each rule a field breaks (the web
 * form shows them on their fields). A passing passenger must then be a `BookingPassenger`.
 */
export const BookingPassengerDraft = z.strictObject({
  type: DraftText(16),
  surname: DraftText(100),
  given_names: DraftText(100),
  gender: DraftText(16),
  birthday: DraftText(32),
  nationality: DraftText(16),
  travel_document: z
    .strictObject({
      type: DraftText(32),
      interfaceType: DraftText(32),
      number: DraftText(64),
      expiryDate: DraftText(32),
      issuingPlace: DraftText(100),
    })
    .nullish(),
  frequentFlyer: FrequentFlyer.optional(),
  phone: PhoneWithArea.optional(),
  email: z.string().max(254).optional(),
});
export type BookingPassengerDraft = z.infer<typeof BookingPassengerDraft>;

/** The booking contact as the API first accepts it (rules: `validateContact`). */
export const BookingContactDraft = z.strictObject({
  name: DraftText(100),
  email: DraftText(254),
  phone: z.strictObject({ areaCode: DraftText(8), number: DraftText(32) }).nullish(),
});
export type BookingContactDraft = z.infer<typeof BookingContactDraft>;

/**
 * The body schema of `POST /order/v2/flight/orders`: wrong types are refused at once (400
 * ILLEGAL_INPUT with field paths); well-typed values that break a rule of spec §5 are refused by
 * the rules with their keys (PASSENGER_INVALID, PASSENGER_COUNT_MISMATCH, CONTACT_INVALID); what
 * passes them must still be a `CreateFlightOrderBody`. All of it before the supplier is called.
 */
export const CreateFlightOrderDraft = z.strictObject({
  solutionId: z.string().min(1).max(128),
  passengers: z.array(BookingPassengerDraft).max(9),
  contact: BookingContactDraft,
  remark: z.string().max(500).optional(),
  duplicateConfirmed: DuplicateConfirmed.optional(),
  /** Seats and bags per passenger (docs/ancillaries.md), checked by `validateAncillaries`. */
  ancillaries: AncillarySelections.optional(),
});
export type CreateFlightOrderDraft = z.infer<typeof CreateFlightOrderDraft>;

/**
 * Price fields of spec §3, as money JSON. Fields that do not apply to an order (the change fee of
 * an original booking, the refund fee of a change) are null; `costPrice` is null when the agency
 * may not see it.
 */
export const FlightOrderPrice = z.object({
  ticketPrice: MoneyJson,
  faceValue: MoneyJson.nullable(),
  tax: MoneyJson,
  airportTax: MoneyJson.nullable(),
  fuelSurcharge: MoneyJson.nullable(),
  discount: MoneyJson.nullable(),
  serviceFee: MoneyJson.nullable(),
  transactionFee: MoneyJson.nullable(),
  saleTotal: MoneyJson,
  orderTotal: MoneyJson,
  costPrice: MoneyJson.nullable(),
  /** Fare basis codes, one per segment joined by "/"; not money. */
  fareBasis: z.string().nullable(),
  priceDifference: MoneyJson.nullable(),
  taxDifference: MoneyJson.nullable(),
  changeFee: MoneyJson.nullable(),
  refundFee: MoneyJson.nullable(),
  refundableTotal: MoneyJson.nullable(),
  creditCardFee: MoneyJson.nullable(),
  /** Seats and bags bought with the booking (included in the totals); absent when none. */
  ancillaries: MoneyJson.nullable().optional(),
});
export type FlightOrderPrice = z.infer<typeof FlightOrderPrice>;

/** Airline ticket number: 3-digit airline prefix and 10 digits (`7842345678901` or `784-2345678901`). */
export const TicketNumber = z.string().regex(/^\d{3}-?\d{10}$/);

export const OrderPassenger = z.object({
  id: z.string(),
  type: z.enum(PASSENGER_TYPES),
  surname: z.string(),
  given_names: z.string(),
  gender: z.enum(GENDERS),
  birthday: IsoDate,
  nationality: z.string(),
  travel_document: z.object({
    type: z.enum(PAYLOAD_DOCUMENT_TYPES),
    interfaceType: InterfaceDocumentType,
    number: z.string(),
    expiryDate: IsoDate,
    issuingPlace: z.string().nullable(),
  }),
  frequentFlyer: z.object({ airline: z.string(), number: z.string() }).nullable(),
  /** Empty until issued; more than one for conjunction tickets. */
  ticketNumbers: z.array(TicketNumber),
});
export type OrderPassenger = z.infer<typeof OrderPassenger>;

export const OrderPayment = z.object({
  state: z.enum(PAYMENT_STATES),
  channel: z.enum(PAYMENT_CHANNELS).nullable(),
  paidAt: Timestamp.nullable(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

/** How a card dispute stands, as the order shows it: open (answer the bank), won or lost. */
export const DISPUTE_STATES = ['open', 'won', 'lost'] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/**
 * What the card payment's provider did outside the portal (the order's detail; lists leave it
 * out; null when nothing): money refunded in its dashboard, and the latest card dispute. The order
 * itself stays as it is: an operator decides what follows (docs/payments-stripe.md).
 */
export const PaymentIssue = z.object({
  channel: z.enum(PAYMENT_CHANNELS),
  /** What the provider refunded outside the portal, in total; null for none. */
  refundedOutside: MoneyJson.nullable(),
  dispute: z
    .object({
      state: z.enum(DISPUTE_STATES),
      /** The card holder's bank's reason, as the provider names it (`fraudulent`, ...). */
      reason: z.string(),
      amount: MoneyJson,
      /** The provider has taken the amount from the platform's balance (and not reinstated it). */
      fundsWithdrawn: z.boolean(),
      openedAt: Timestamp,
    })
    .nullable(),
});
export type PaymentIssue = z.infer<typeof PaymentIssue>;

export const TimelineEntry = z.object({
  status: Status,
  at: Timestamp,
  /** English text of the note (free text for older rows and a supplier's reject reason). */
  note: z.string().nullable(),
  /** The note's key for `orders.timelineNote.<key>` and its values; null for free text. */
  noteKey: z.enum(TIMELINE_NOTE_KEYS).nullable().optional(),
  noteParams: TimelineNoteParams.nullable().optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** A flight order as the API answers it (`GET /order/v2/flight/orders/{id}` and every state change). */
export const FlightOrder = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  /** The original booking of a change, refund or void; null for an original. */
  originalBookingId: z.string().nullable(),
  /** The supplier's reference. */
  referenceId: z.string().nullable(),
  type: z.enum(ORDER_TYPES),
  status: Status,
  statusColor: z.enum(STATUS_COLORS),
  pnr: z.string().nullable(),
  /** Validating airline, IATA code. */
  airline: z.string(),
  flightNumbers: z.array(z.string()),
  segments: z.array(Segment),
  /** The leg (journey) of each segment, by index into the order's solution legs (a change search names legs by it). */
  segmentLegs: z.array(z.number().int().min(0)),
  passengers: z.array(OrderPassenger),
  contact: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.object({ areaCode: z.string(), number: z.string() }),
  }),
  price: FlightOrderPrice,
  payment: OrderPayment,
  paymentDeadline: Timestamp.nullable(),
  bookingTime: Timestamp,
  /** Ticketing-speed tier code of the fare (spec §9). */
  ticketingTier: z.string(),
  remark: z.string().nullable(),
  timeline: z.array(TimelineEntry),
  allowedActions: z.array(z.enum(FLIGHT_ORDER_ACTIONS)),
  /** A change, refund or void order's request and the desk's answer; null for an original. */
  afterSales: AfterSalesDetail.nullable(),
  /** An original lists its change, refund and void orders; an after-sales order lists its original. */
  relatedOrders: z.array(RelatedOrder),
  /** Refund orders: confirm before this instant (rfd_to_be_confirm). */
  confirmDeadline: Timestamp.nullable(),
  /** Issued orders: the void window closes at this instant. */
  voidDeadline: Timestamp.nullable(),
  /**
   * The supplier recorded a disruption or schedule change on this order or an order it was changed
   * from: an involuntary refund reason is refunded as involuntary. Otherwise such a refund goes to
   * the desk's review and needs a supporting document (`involuntaryRefundNeedsDocument`). The
   * order's detail answers it; lists leave it out.
   */
  disruptionOnRecord: z.boolean().optional(),
  /**
   * Whether the fare's terms let a voluntary change and a voluntary refund be asked now (the
   * detail of an order that offers `change` or `refund`): the screens disable the voluntary
   * reasons the API would refuse, and offer no Change when no reason is left.
   */
  voluntaryAfterSales: VoluntaryAfterSales.optional(),
  /** The fare's change and refund rules and baggage as booked (the order's detail; lists leave them out). */
  fareRules: FareRules.optional(),
  baggage: z.array(BaggageRule).optional(),
  /** The traveller documents the order offers for download (`@portal/domain/traveller-documents`); the detail answers it. */
  documents: FlightOrderDocuments.optional(),
  /** Seats and bags per passenger (the detail; lists leave them out). */
  ancillaries: z.array(OrderAncillary).optional(),
  /** A refund or dispute of the card payment outside the portal (the detail; null for none). */
  paymentIssue: PaymentIssue.nullable().optional(),
});
export type FlightOrder = z.infer<typeof FlightOrder>;

/** The result of paying a flight order. */
export const FlightPaymentResult = paymentResultSchema(FlightOrder);
export type FlightPaymentResult = z.infer<typeof FlightPaymentResult>;

/** One row of the order list: the order without its timeline and price breakdown. */
export const FlightOrderListItem = FlightOrder.pick({
  id: true,
  bookingNumber: true,
  originalBookingId: true,
  type: true,
  status: true,
  statusColor: true,
  pnr: true,
  airline: true,
  flightNumbers: true,
  paymentDeadline: true,
  bookingTime: true,
  allowedActions: true,
}).extend({
  passengerNames: z.array(z.string()),
  firstDeparture: z.string(),
  route: z.string(),
  orderTotal: MoneyJson,
  contactName: z.string(),
  paymentState: z.enum(PAYMENT_STATES),
});
export type FlightOrderListItem = z.infer<typeof FlightOrderListItem>;

export const FLIGHT_ORDER_SORT_FIELDS = ['bookingTime', 'departureDate', 'orderTotal', 'status'] as const;
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };

const Text = z.string().trim().min(1).max(64);

/** Query of `GET /order/v2/flight/orders` (api conventions: lists). Dates are booking dates. */
/**
 * `count` of a list's query: `false` asks for the page without the count of all matching rows
 * (`total` and `totalCapped` left out), for a client that has the total of the same filter
 * already. The count is most of what a page costs the database at scale; the web asks for it on a
 * filter's first page and on a refresh. Counted unless told otherwise.
 */
export const CountWanted = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .default(true);

/** An order list cursor: the booking time in microseconds since 1970 and the order's id. */
export const ORDER_LIST_CURSOR = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const FlightOrderListQuery = z
  .strictObject({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    /** `field` ascending or `-field` descending; newest bookings first by default. */
    sort: z
      .string()
      .refine((s) => (FLIGHT_ORDER_SORT_FIELDS as readonly string[]).includes(s.replace(/^-/, '')))
      .default('-bookingTime'),
    bookingNumber: Text.optional(),
    pnr: Text.optional(),
    ticketNumber: Text.optional(),
    passenger: Text.optional(),
    flightNumber: Text.optional(),
    airline: Text.optional(),
    dateFrom: CalendarDate.optional(),
    dateTo: CalendarDate.optional(),
    /** A status, a tab key or a pending group as `pending.<group>` (`statusesForCountKey`). */
    status: Text.optional(),
    type: z.enum(ORDER_TYPE_FILTERS).default('all'),
    contact: Text.optional(),
    /**
     * The `next` of the page before, to read `page` as the orders after that page's last one
     * (keyset paging: a deep page costs what the first does, and orders booked meanwhile do not
     * shift it). Only with the booking time sort, the default.
     */
    after: z.string().regex(ORDER_LIST_CURSOR).optional(),
    /** `false`: the page without the count (`CountWanted`). */
    count: CountWanted,
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], message: 'range' })
  .refine((q) => q.after === undefined || q.sort.replace(/^-/, '') === 'bookingTime', {
    path: ['after'],
    message: 'only with the booking time sort',
  });
export type FlightOrderListQuery = z.infer<typeof FlightOrderListQuery>;

/** `data` of a list: `{list, total, page, pageSize}` for any item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  });
}

/** Orders beyond this many are not counted: the list's total then reads "10,000+". */
export const ORDER_LIST_COUNT_CAP = 10_000;

/**
 * A search for part of a text (a passenger's name, a ticket, flight or booking number, a contact)
 * counts up to this many matches: the total then reads "1,000+". Each match is read from the
 * table to be checked, so this keeps a common surname's search as fast as a rare one's; a status,
 * date or own-orders list is counted from its index, up to `ORDER_LIST_COUNT_CAP`.
 */
export const ORDER_SEARCH_COUNT_CAP = 1_000;

/**
 * A page of orders; `totalCapped` when more than the list's cap match (`ORDER_LIST_COUNT_CAP`, or
 * `ORDER_SEARCH_COUNT_CAP` for a search for part of a text): `total` is then the cap.
 */
export const FlightOrderList = pageOf(FlightOrderListItem).extend({
  /** Absent when the query said `count=false`. */
  total: z.number().int().min(0).optional(),
  totalCapped: z.boolean().optional(),
  /** With the booking time sort and a full page: send it as `after` with `page + 1` for the next page. */
  next: z.string().optional(),
});
export type FlightOrderList = z.infer<typeof FlightOrderList>;

/** Query of `GET /order/v2/flight/orders/status`: comma-separated tab, group or status keys. */
export const StatusCountQuery = z.strictObject({ status: z.string().trim().min(1).max(500) });

/** One item of `GET /order/v2/flight/orders/status` (spec §3 status count entry). */
/** `capped`: more than `ORDER_LIST_COUNT_CAP` orders (`cnt` is then the cap). */
export const StatusCount = z.object({
  status: z.string(),
  cnt: z.number().int().min(0),
  capped: z.boolean().optional(),
});
export type StatusCount = z.infer<typeof StatusCount>;
