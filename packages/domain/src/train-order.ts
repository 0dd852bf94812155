import { z } from 'zod';
import { DOCUMENT_TYPE_CODES, type DocumentType } from './document-types';
import {
  BookingContact,
  DEFAULT_PAGE_SIZE,
  GENDERS,
  IsoDate,
  MAX_PAGE_SIZE,
  OrderPayment,
  pageOf,
  Timestamp,
} from './flight-order';
import { STATUS_COLORS } from './flight-order-status';
import { TRAIN_ORDER_ACTIONS, TRAIN_ORDER_STATUSES } from './train-order-status';
import { COUNTRY_PATTERN } from './passenger-checks';
import { paymentResultSchema } from './payment';
import { CalendarDate } from './primitives';
import { fillNote, TimelineNoteParams, type KeyedNote } from './timeline-notes';
import { SEAT_CLASSES, TRAIN_TYPES, TrainStop } from './rail';
import { MoneyJson } from './shopping';
import {
  MAX_TRAIN_PASSENGERS,
  TRAIN_PASSENGER_TYPES,
  type TrainBookingPassenger as TrainBookingPassengerShape,
} from './train-passengers';

// The ticket types, documents, child price and passenger rules are zod-free in
// `train-passengers.ts`, for the booking form; the schemas are here.
export {
  birthdayFromResidentId,
  MAX_TRAIN_PASSENGERS,
  TRAIN_ADULT_MIN_AGE,
  TRAIN_DOCUMENT_TYPES,
  TRAIN_NAME_PATTERN,
  TRAIN_PASSENGER_TYPES,
  TRAIN_PAYMENT_MINUTES,
  trainTicketPriceMinor,
  validateTrainPassenger,
  type TrainDocumentType,
  type TrainPassengerType,
} from './train-passengers';

/** A train passenger of the booking body (the rules beyond the types: `validateTrainPassenger`). */
export const TrainBookingPassenger = z.strictObject({
  type: z.enum(TRAIN_PASSENGER_TYPES),
  name: z.string().trim().min(1).max(60),
  gender: z.enum(GENDERS).optional(),
  /** Required unless the document is a resident ID card (its number carries the birth date). */
  birthday: CalendarDate.optional(),
  /** ISO 3166-1 alpha-2. */
  nationality: z.string().trim().regex(COUNTRY_PATTERN),
  document: z.strictObject({
    interfaceType: z.enum(DOCUMENT_TYPE_CODES as readonly [DocumentType, ...DocumentType[]]),
    number: z.string().trim().min(1).max(30),
    expiryDate: CalendarDate.optional(),
  }),
}) satisfies z.ZodType<TrainBookingPassengerShape>;
export type TrainBookingPassenger = z.infer<typeof TrainBookingPassenger>;

/**
 * `POST /order/v2/train/orders` (with an `Idempotency-Key`): the train (`id` of a search answer's
 * train) and seat class chosen, the price the agent saw (the API asks the supplier again: a changed
 * price or too few seats answers 409 QUOTE_CHANGED with the supplier's current offer), passengers
 * and a contact.
 */
export const CreateTrainOrderBody = z.strictObject({
  trainId: z.string().trim().min(1).max(128),
  seatClass: z.enum(SEAT_CLASSES),
  /** The adult price shown in the search answer. */
  expectedPrice: MoneyJson,
  passengers: z.array(TrainBookingPassenger).min(1).max(MAX_TRAIN_PASSENGERS),
  contact: BookingContact,
});
export type CreateTrainOrderBody = z.infer<typeof CreateTrainOrderBody>;

/** A seat once ticketed: coach and seat number as printed on the ticket (`05`, `12F`; `无座` none). */
export const TrainSeatAssignment = z.object({
  coach: z.string(),
  seatNumber: z.string(),
});
export type TrainSeatAssignment = z.infer<typeof TrainSeatAssignment>;

export const TrainOrderPassenger = z.object({
  id: z.string(),
  type: z.enum(TRAIN_PASSENGER_TYPES),
  name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birthday: IsoDate.nullable(),
  nationality: z.string(),
  document: z.object({
    interfaceType: z.enum(DOCUMENT_TYPE_CODES as readonly [DocumentType, ...DocumentType[]]),
    number: z.string(),
    expiryDate: IsoDate.nullable(),
  }),
  /** This passenger's ticket price (a child ticket is half). */
  price: MoneyJson,
  /** Null until ticketed. */
  seat: TrainSeatAssignment.nullable(),
  /** The supplier's ticket number; null until ticketed. */
  ticketNumber: z.string().nullable(),
});
export type TrainOrderPassenger = z.infer<typeof TrainOrderPassenger>;

/** The train of an order (from the supplier's answer at booking). */
export const TrainOrderTrain = z.object({
  trainNumber: z.string(),
  trainType: z.enum(TRAIN_TYPES),
  departure: TrainStop,
  arrival: TrainStop,
  /** The departure instant, UTC (refund fee and deadlines count from it). */
  departureUtc: Timestamp,
  durationMinutes: z.number().int().positive(),
  distanceKm: z.number().int().positive(),
});
export type TrainOrderTrain = z.infer<typeof TrainOrderTrain>;

/** The refund of a ticketed order if asked now (`railRefundQuote`); null when not ticketed. */
export const TrainRefundQuote = z.discriminatedUnion('refundable', [
  z.object({ refundable: z.literal(true), percent: z.number(), fee: MoneyJson, refund: MoneyJson }),
  z.object({ refundable: z.literal(false), reason: z.literal('departed') }),
]);
export type TrainRefundQuote = z.infer<typeof TrainRefundQuote>;

/**
 * The notes the portal writes on a train order's timeline, by stable key, with their English text
 * (the API's `note` beside the key; `{name}` marks a value). The web writes them in the reader's
 * language from `trainOrders.timelineNote.<key>`. A reason the railway gives is kept as its text.
 */
export const TRAIN_TIMELINE_NOTES = {
  bookedBy: 'Booked by {user}',
  paidWithBalance: 'Paid with the balance',
  paidAwaitingOperator: 'Paid with the balance; waiting for an operator to ticket',
  canceledBy: 'Canceled by {user}',
  paymentDeadlinePassed: 'Not paid before the payment deadline',
  ticketingBy: 'Ticketing by {user}',
  refundAskedBy: 'Refund asked by {user}; fee {percent} %',
  railwayNoAnswerTicketing: 'The railway did not answer: ticket it again, or cancel it for the money back',
  railwayNoAnswerRefund: 'The railway did not answer the refund: ask it again',
} as const;

export type TrainTimelineNoteKey = keyof typeof TRAIN_TIMELINE_NOTES;
export const TRAIN_TIMELINE_NOTE_KEYS = Object.keys(TRAIN_TIMELINE_NOTES) as [
  TrainTimelineNoteKey,
  ...TrainTimelineNoteKey[],
];

/** A note the portal writes (key and values: user name, fee percent), or the railway's own words. */
export type TrainTimelineNote = KeyedNote<TrainTimelineNoteKey>;

export const isTrainTimelineNoteKey = (key: string): key is TrainTimelineNoteKey =>
  Object.hasOwn(TRAIN_TIMELINE_NOTES, key);

/** The English text of a note (stored and answered as `note` beside its key). */
export function trainTimelineNoteText(key: TrainTimelineNoteKey, params: TimelineNoteParams = {}): string {
  return fillNote(TRAIN_TIMELINE_NOTES[key], params);
}

export const TrainTimelineEntry = z.object({
  status: z.enum(TRAIN_ORDER_STATUSES),
  at: Timestamp,
  /** English text of the note; free text for older rows and the railway's own reasons. */
  note: z.string().nullable(),
  /** The note's key for `trainOrders.timelineNote.<key>` and its values; null for free text. */
  noteKey: z.enum(TRAIN_TIMELINE_NOTE_KEYS).nullable().optional(),
  noteParams: TimelineNoteParams.nullable().optional(),
});
export type TrainTimelineEntry = z.infer<typeof TrainTimelineEntry>;

/** A train order as the API answers it (`GET /order/v2/train/orders/{id}` and every state change). */
export const TrainOrder = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  status: z.enum(TRAIN_ORDER_STATUSES),
  statusColor: z.enum(STATUS_COLORS),
  /** The supplier's booking reference. */
  referenceId: z.string().nullable(),
  train: TrainOrderTrain,
  seatClass: z.enum(SEAT_CLASSES),
  passengers: z.array(TrainOrderPassenger),
  contact: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.object({ areaCode: z.string(), number: z.string() }),
  }),
  price: z.object({
    /** Sum of the tickets: what is paid. */
    orderTotal: MoneyJson,
    /** Refund fee kept, once refunding or refunded. */
    refundFee: MoneyJson.nullable(),
    /** Back in the wallet: the whole total (canceled or failed after payment) or total less fee. */
    refundedAmount: MoneyJson.nullable(),
  }),
  payment: OrderPayment,
  paymentDeadline: Timestamp.nullable(),
  bookingTime: Timestamp,
  ticketedAt: Timestamp.nullable(),
  /** True when the order was paid while the agency tickets trains by hand. */
  manualTicketing: z.boolean(),
  refundQuote: TrainRefundQuote.nullable(),
  timeline: z.array(TrainTimelineEntry),
  allowedActions: z.array(z.enum(TRAIN_ORDER_ACTIONS)),
});
export type TrainOrder = z.infer<typeof TrainOrder>;

/** The result of paying a train order (`POST .../{id}/payment`, balance only). */
export const TrainPaymentResult = paymentResultSchema(TrainOrder);
export type TrainPaymentResult = z.infer<typeof TrainPaymentResult>;

/** `POST .../{id}/payment`: train orders are paid with the balance (issue 11). */
export const TrainPaymentRequest = z.strictObject({ channel: z.literal('balance') });
export type TrainPaymentRequest = z.infer<typeof TrainPaymentRequest>;

/** One row of the train order list. */
export const TrainOrderListItem = TrainOrder.pick({
  id: true,
  bookingNumber: true,
  status: true,
  statusColor: true,
  seatClass: true,
  paymentDeadline: true,
  bookingTime: true,
  allowedActions: true,
}).extend({
  trainNumber: z.string(),
  trainType: z.enum(TRAIN_TYPES),
  departure: TrainStop,
  arrival: TrainStop,
  passengerNames: z.array(z.string()),
  orderTotal: MoneyJson,
  contactName: z.string(),
});
export type TrainOrderListItem = z.infer<typeof TrainOrderListItem>;

const Text = z.string().trim().min(1).max(64);

/** Query of `GET /order/v2/train/orders`. `dateFrom`/`dateTo` are booking dates (calendar days of the agency's time zone). */
export const TrainOrderListQuery = z
  .strictObject({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    status: z.enum(TRAIN_ORDER_STATUSES).optional(),
    bookingNumber: Text.optional(),
    trainNumber: Text.optional(),
    passenger: Text.optional(),
    /** Departure date (local, `YYYY-MM-DD`). */
    departureDate: CalendarDate.optional(),
    dateFrom: CalendarDate.optional(),
    dateTo: CalendarDate.optional(),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], message: 'range' });
export type TrainOrderListQuery = z.infer<typeof TrainOrderListQuery>;

/** A page of train orders (empty: 'No train bookings found'). */
export const TrainOrderList = pageOf(TrainOrderListItem);
export type TrainOrderList = z.infer<typeof TrainOrderList>;

/** The body a train notification URL receives (signed by the outbound module). */
export const TrainOrderEvent = z.object({
  event: z.literal('train.order.ticketed'),
  orderId: z.string(),
  bookingNumber: z.string(),
  status: z.enum(TRAIN_ORDER_STATUSES),
  trainNumber: z.string(),
  departure: z.string(),
  passengers: z.array(z.object({ name: z.string(), coach: z.string(), seatNumber: z.string() })),
});
export type TrainOrderEvent = z.infer<typeof TrainOrderEvent>;
