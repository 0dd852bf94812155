import { z } from 'zod';
import { STATUS_COLORS } from './flight-order-status';
import {
  GROUP_ORDER_ACTIONS,
  GROUP_ORDER_STATUSES,
  INSTALMENT_KINDS,
  PASSENGER_LIST_STATES,
} from './group-order-status';
import {
  GROUP_CANCEL_REASON_MAX,
  GROUP_DEFAULT_PASSENGERS,
  GROUP_MAX_PASSENGERS,
  GROUP_MIN_PASSENGERS,
  GROUP_REMARK_MAX,
} from './group-request';
import { MAX_MULTI_CITY_LEGS } from './limits';
import { PAYMENT_CHANNELS, paymentResultSchema, PaymentRequest } from './payment';
import { CalendarDate, CleanText } from './primitives';
import { BaggageRule, CABINS, MoneyJson, PASSENGER_TYPES } from './shopping';

/**
 * Group flight orders (spec §3 group booking and group order, §4 group statuses, §5 cancel reason
 * and passenger list, §9 quotes in 1 to 2 business days). A group of ten or more travellers is
 * bought by request, quote and instalments: the agent sends a request, a group desk answers with
 * quotes, the agent picks one before its confirm-by time, the desk applies for the seats, then
 * three deposits and the final payment are paid before their deadlines; tickets are issued per
 * passenger when the final payment lands. This file holds the request, quote and order schemas;
 * the statuses, transitions and actions are in `group-order-status.ts`. Design notes:
 * `docs/group-flights.md`.
 */

// ---------------------------------------------------------------- request

// The limits and a zod-free check of the request are in `group-request.ts` (for the booking pages).
export {
  GROUP_CANCEL_REASON_MAX,
  GROUP_DEFAULT_PASSENGERS,
  GROUP_MAX_PASSENGERS,
  GROUP_MIN_PASSENGERS,
  GROUP_REMARK_MAX,
};

const IataCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/));

const Remark = CleanText.pipe(z.string().trim().max(GROUP_REMARK_MAX));

/** One journey of a group request (spec §3 group booking). */
export const GroupJourney = z
  .strictObject({
    origin: IataCode,
    destination: IataCode,
    date: CalendarDate,
    returnDate: CalendarDate.optional(),
    remark: Remark.optional(),
  })
  .refine((j) => j.origin !== j.destination, { path: ['destination'], message: 'same as origin' })
  .refine((j) => !j.returnDate || j.returnDate >= j.date, { path: ['returnDate'], message: 'before date' });
export type GroupJourney = z.infer<typeof GroupJourney>;

const Count = z.number().int().min(0).max(GROUP_MAX_PASSENGERS);

export const GroupPassengerCounts = z
  .strictObject({
    adult: Count.default(GROUP_DEFAULT_PASSENGERS.adult),
    child: Count.default(GROUP_DEFAULT_PASSENGERS.child),
    infant: Count.default(GROUP_DEFAULT_PASSENGERS.infant),
  })
  .refine((p) => p.adult + p.child + p.infant >= GROUP_MIN_PASSENGERS, {
    path: ['adult'],
    message: `at least ${GROUP_MIN_PASSENGERS} passengers`,
  })
  .refine((p) => p.adult + p.child + p.infant <= GROUP_MAX_PASSENGERS, {
    path: ['adult'],
    message: `at most ${GROUP_MAX_PASSENGERS} passengers`,
  })
  .refine((p) => p.infant <= p.adult, { path: ['infant'], message: 'one infant per adult' });
export type GroupPassengerCounts = z.infer<typeof GroupPassengerCounts>;

/** `POST /order/v2/group/orders`: the group request (with an `Idempotency-Key`). */
export const CreateGroupOrderBody = z.strictObject({
  journeys: z.array(GroupJourney).min(1).max(MAX_MULTI_CITY_LEGS),
  /** "Dates may change". */
  isChangeDate: z.boolean().default(false),
  /** "Accept another flight". */
  acceptChangeFlight: z.boolean().default(false),
  passengers: GroupPassengerCounts.default(GROUP_DEFAULT_PASSENGERS),
});
export type CreateGroupOrderBody = z.infer<typeof CreateGroupOrderBody>;

// ---------------------------------------------------------------- quotes

/** Timestamps: ISO 8601 in UTC with Z. */
const Timestamp = z.iso.datetime();
/** Local wall-clock time of an airport, `YYYY-MM-DDTHH:mm`. */
const LocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

export const GroupQuoteFlight = z.object({
  /** Index of the request's journey this flight serves (a return flight uses its journey's index). */
  journey: z.number().int().min(0),
  airline: z.string(),
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  departure: LocalDateTime,
  arrival: LocalDateTime,
  cabin: z.enum(CABINS),
});
export type GroupQuoteFlight = z.infer<typeof GroupQuoteFlight>;

/** Fare and taxes per passenger of one type, and how many travel. */
export const GroupQuoteFare = z.object({
  passengerType: z.enum(PASSENGER_TYPES),
  count: z.number().int().min(0),
  fare: MoneyJson,
  taxes: MoneyJson,
});
export type GroupQuoteFare = z.infer<typeof GroupQuoteFare>;

export const GroupInstalmentPlanItem = z.object({
  n: z.number().int().min(1).max(4),
  kind: z.enum(INSTALMENT_KINDS),
  amount: MoneyJson,
  deadline: Timestamp,
});
export type GroupInstalmentPlanItem = z.infer<typeof GroupInstalmentPlanItem>;

/** `open` can be picked; `picked` was; `withdrawn` when the desk re-quoted or another was picked. */
export const GROUP_QUOTE_STATES = ['open', 'picked', 'withdrawn'] as const;
export type GroupQuoteState = (typeof GROUP_QUOTE_STATES)[number];

/** One quote of the group desk. */
export const GroupQuote = z.object({
  id: z.string(),
  state: z.enum(GROUP_QUOTE_STATES),
  flights: z.array(GroupQuoteFlight),
  fares: z.array(GroupQuoteFare),
  baggage: z.array(BaggageRule),
  total: MoneyJson,
  /** Pick before this instant, else the order fails. */
  confirmBy: Timestamp,
  /** The passenger list must be confirmed before this instant. */
  passengerListDeadline: Timestamp,
  instalments: z.array(GroupInstalmentPlanItem).length(4),
  quotedAt: Timestamp,
});
export type GroupQuote = z.infer<typeof GroupQuote>;

// ---------------------------------------------------------------- order

export const INSTALMENT_STATES = ['unpaid', 'paid', 'missed'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

/** One instalment of the picked quote as it stands. */
export const GroupInstalment = GroupInstalmentPlanItem.extend({
  state: z.enum(INSTALMENT_STATES),
  paidAt: Timestamp.nullable(),
  channel: z.enum(PAYMENT_CHANNELS).nullable(),
  /** The payment's reference (wallet entry or gateway payment). */
  paymentReference: z.string().nullable(),
});
export type GroupInstalment = z.infer<typeof GroupInstalment>;

/** Why an order failed. */
export const GROUP_FAILURE_REASONS = [
  'no_quote',
  'confirm_expired',
  'no_seats',
  'instalment_missed',
  'passenger_list_missed',
] as const;
export type GroupFailureReason = (typeof GROUP_FAILURE_REASONS)[number];

/** Events of the timeline, each with its i18n key `groupOrders.timeline.<event>`. */
export const GROUP_TIMELINE_EVENTS = [
  'requested',
  'quoted',
  'requoted',
  'quote_picked',
  'seat_applying',
  'seats_granted',
  'instalment_paid',
  'passengers_confirmed',
  'issued',
  'failed',
  'canceled',
  'closed',
] as const;
export type GroupTimelineEvent = (typeof GROUP_TIMELINE_EVENTS)[number];

export const GroupTimelineEntry = z.object({
  event: z.enum(GROUP_TIMELINE_EVENTS),
  status: z.enum(GROUP_ORDER_STATUSES),
  at: Timestamp,
  /** Values for the event's text: `{n}` of an instalment, `{reason}` of a failure, a cancel reason. */
  params: z.record(z.string(), z.string()),
});
export type GroupTimelineEntry = z.infer<typeof GroupTimelineEntry>;

export const GroupTicket = z.object({
  passengerId: z.string(),
  name: z.string(),
  passengerType: z.enum(PASSENGER_TYPES),
  ticketNumbers: z.array(z.string()),
});
export type GroupTicket = z.infer<typeof GroupTicket>;

/** A group order as the API answers it (detail and every state change). */
export const GroupOrder = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  status: z.enum(GROUP_ORDER_STATUSES),
  statusColor: z.enum(STATUS_COLORS),
  request: z.object({
    journeys: z.array(
      z.object({
        origin: z.string(),
        destination: z.string(),
        date: z.string(),
        returnDate: z.string().nullable(),
        remark: z.string().nullable(),
      }),
    ),
    isChangeDate: z.boolean(),
    acceptChangeFlight: z.boolean(),
    passengers: z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() }),
  }),
  quotes: z.array(GroupQuote),
  pickedQuoteId: z.string().nullable(),
  /** In to_be_confirm: the latest confirm-by of the open quotes; afterwards the picked quote's. */
  confirmBy: Timestamp.nullable(),
  /** Empty until a quote is picked. */
  instalments: z.array(GroupInstalment),
  /** What has been paid so far (null before a quote is picked). */
  paidTotal: MoneyJson.nullable(),
  /** Deposits kept by the desk after a failure or a cancel (spec §4); null when none were paid. */
  depositsKept: MoneyJson.nullable(),
  passengerList: z.object({
    state: z.enum(PASSENGER_LIST_STATES),
    deadline: Timestamp.nullable(),
  }),
  tickets: z.array(GroupTicket),
  failureReason: z.enum(GROUP_FAILURE_REASONS).nullable(),
  cancelReason: z.string().nullable(),
  createdAt: Timestamp,
  timeline: z.array(GroupTimelineEntry),
  allowedActions: z.array(z.enum(GROUP_ORDER_ACTIONS)),
});
export type GroupOrder = z.infer<typeof GroupOrder>;

/** One row of the list. */
export const GroupOrderListItem = GroupOrder.pick({
  id: true,
  bookingNumber: true,
  status: true,
  statusColor: true,
  confirmBy: true,
  paidTotal: true,
  depositsKept: true,
  createdAt: true,
  allowedActions: true,
}).extend({
  /** `PEK-SHA, SHA-PEK`. */
  route: z.string(),
  firstDate: z.string(),
  passengerCount: z.number().int(),
  /** The total of the picked quote, null before a pick. */
  total: MoneyJson.nullable(),
  /** The next deadline the agent must meet (confirm-by, an instalment, the passenger list), if any. */
  nextDeadline: Timestamp.nullable(),
});
export type GroupOrderListItem = z.infer<typeof GroupOrderListItem>;

export const GROUP_ORDER_SORT_FIELDS = ['createdAt', 'status'] as const;

/** Query of `GET /order/v2/group/orders`. */
export const GroupOrderListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(['createdAt', '-createdAt', 'status', '-status']).default('-createdAt'),
  status: z.enum(GROUP_ORDER_STATUSES).optional(),
  bookingNumber: z.string().trim().min(1).max(64).optional(),
});
export type GroupOrderListQuery = z.infer<typeof GroupOrderListQuery>;

export const GroupOrderList = z.object({
  list: z.array(GroupOrderListItem),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(100),
});
export type GroupOrderList = z.infer<typeof GroupOrderList>;

/** `GET /order/v2/group/orders/status`: `[{status, cnt}]` for every status of the menu. */
export const GroupStatusCount = z.object({
  status: z.enum(GROUP_ORDER_STATUSES),
  cnt: z.number().int().min(0),
});
export type GroupStatusCount = z.infer<typeof GroupStatusCount>;

export const PickGroupQuoteBody = z.strictObject({ quoteId: z.string().trim().min(1).max(64) });
export type PickGroupQuoteBody = z.infer<typeof PickGroupQuoteBody>;

/** Spec §5: a group cancel requires a reason. */
export const CancelGroupOrderBody = z.strictObject({
  reason: CleanText.pipe(z.string().trim().min(1).max(GROUP_CANCEL_REASON_MAX)),
});
export type CancelGroupOrderBody = z.infer<typeof CancelGroupOrderBody>;

/** `POST /order/v2/group/orders/{id}/instalments/{n}/payment` (with an `Idempotency-Key`). */
export const PayGroupInstalmentBody = PaymentRequest;
export type PayGroupInstalmentBody = z.infer<typeof PayGroupInstalmentBody>;

/** The result of paying an instalment: `paid` with the order as it now is, or `pending` (outside channel). */
export const GroupPaymentResult = paymentResultSchema(GroupOrder);
export type GroupPaymentResult = z.infer<typeof GroupPaymentResult>;
