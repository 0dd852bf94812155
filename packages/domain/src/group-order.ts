import { z } from 'zod';
import { type StatusColor, STATUS_COLORS } from './flight-order-status';
import { defineMachine, type TransitionTable } from './fsm';
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
 * passenger when the final payment lands. Design notes: `docs/group-flights.md`.
 */

/** Every group order status of spec §4, grouped by its tag colour exactly as the spec lists them. */
export const GROUP_ORDER_STATUSES_BY_COLOR = {
  success: ['issued'],
  warning: ['to_be_quote', 'seat_applying', 'proceeding'],
  primary: [
    'to_be_confirm',
    'to_be_apply_seat',
    'to_be_pay_first',
    'to_be_pay_second',
    'to_be_pay_third',
    'to_be_paid_last_money',
  ],
  error: ['failed'],
  info: ['canceled', 'closed'],
} as const satisfies Record<StatusColor, readonly string[]>;

export type GroupOrderStatus = (typeof GROUP_ORDER_STATUSES_BY_COLOR)[StatusColor][number];

/** All statuses in the order of the group menu routes (spec §2), `closed` last. */
export const GROUP_ORDER_STATUSES = [
  'to_be_quote',
  'to_be_confirm',
  'to_be_apply_seat',
  'seat_applying',
  'to_be_pay_first',
  'to_be_pay_second',
  'to_be_pay_third',
  'to_be_paid_last_money',
  'proceeding',
  'issued',
  'failed',
  'canceled',
  'closed',
] as const satisfies readonly GroupOrderStatus[];

/** The group menu routes by status of spec §2 (every status but `closed`). */
export const GROUP_MENU_STATUSES = GROUP_ORDER_STATUSES.filter(
  (status): status is Exclude<GroupOrderStatus, 'closed'> => status !== 'closed',
);

const GROUP_COLOR_OF = new Map<string, StatusColor>(
  STATUS_COLORS.flatMap((color) =>
    GROUP_ORDER_STATUSES_BY_COLOR[color].map((status) => [status, color] as const),
  ),
);

/** The tag colour class of a group status (spec §4); `info` for an unknown value. */
export function groupStatusColor(status: string): StatusColor {
  return GROUP_COLOR_OF.get(status) ?? 'info';
}

export function isGroupOrderStatus(value: unknown): value is GroupOrderStatus {
  return typeof value === 'string' && GROUP_COLOR_OF.has(value);
}

/** i18n key of a status label (`groupOrders.status.<status>` in the web's locale files). */
export function groupStatusLabelKey(status: GroupOrderStatus): string {
  return `groupOrders.status.${status}`;
}

/**
 * The transition table. The spec names the statuses but not the moves; this is the design:
 *   to_be_quote      -> to_be_confirm (the desk quoted) | failed (no quote) | canceled | closed
 *   to_be_confirm    -> to_be_apply_seat (the agent picked a quote before confirm-by)
 *                       | to_be_quote (the desk withdrew its quotes: prices changed, a re-quote follows)
 *                       | failed (confirm-by passed) | canceled | closed
 *   to_be_apply_seat -> seat_applying (the desk took the application) | canceled | closed
 *   seat_applying    -> to_be_pay_first (seats granted at the quoted price)
 *                       | to_be_confirm (seats are not held after a quote: the price changed, new quotes)
 *                       | failed (no seats) | closed
 *   to_be_pay_first  -> to_be_pay_second (paid) | failed (deadline missed) | canceled | closed
 *   to_be_pay_second -> to_be_pay_third | failed | canceled | closed
 *   to_be_pay_third  -> to_be_paid_last_money | failed | canceled | closed
 *   to_be_paid_last_money -> proceeding (final payment) | failed (deadline or passenger list missed)
 *                       | canceled | closed
 *   proceeding       -> issued (tickets per passenger)
 *   final: issued, failed, canceled, closed
 * `closed` is an operator's close, never the agent's. Deposits paid before a failure or a cancel
 * are kept (spec §4: "the deposit is not refunded").
 */
export const GROUP_ORDER_TRANSITIONS = {
  to_be_quote: { to: ['to_be_confirm', 'failed', 'canceled', 'closed'] },
  to_be_confirm: { to: ['to_be_apply_seat', 'to_be_quote', 'failed', 'canceled', 'closed'] },
  to_be_apply_seat: { to: ['seat_applying', 'canceled', 'closed'] },
  seat_applying: { to: ['to_be_pay_first', 'to_be_confirm', 'failed', 'closed'] },
  to_be_pay_first: { to: ['to_be_pay_second', 'failed', 'canceled', 'closed'] },
  to_be_pay_second: { to: ['to_be_pay_third', 'failed', 'canceled', 'closed'] },
  to_be_pay_third: { to: ['to_be_paid_last_money', 'failed', 'canceled', 'closed'] },
  to_be_paid_last_money: { to: ['proceeding', 'failed', 'canceled', 'closed'] },
  proceeding: { to: ['issued'] },
  issued: { to: [] },
  failed: { to: [] },
  canceled: { to: [] },
  closed: { to: [] },
} as const satisfies TransitionTable<GroupOrderStatus>;

export const groupOrderMachine = defineMachine<GroupOrderStatus>(GROUP_ORDER_TRANSITIONS);

/** Instalments of a plan, in order: three deposits and the final payment (spec §3). */
export const INSTALMENT_KINDS = ['first', 'second', 'third', 'final'] as const;
export type InstalmentKind = (typeof INSTALMENT_KINDS)[number];

/** Instalment numbers as in the payment path `/instalments/{n}/payment`: 1..4. */
export const INSTALMENT_NUMBERS = [1, 2, 3, 4] as const;
export type InstalmentNumber = (typeof INSTALMENT_NUMBERS)[number];

/** The status waiting for each instalment, and the status its payment moves the order to. */
export const INSTALMENT_STEPS: readonly {
  n: InstalmentNumber;
  kind: InstalmentKind;
  status: GroupOrderStatus;
  next: GroupOrderStatus;
}[] = [
  { n: 1, kind: 'first', status: 'to_be_pay_first', next: 'to_be_pay_second' },
  { n: 2, kind: 'second', status: 'to_be_pay_second', next: 'to_be_pay_third' },
  { n: 3, kind: 'third', status: 'to_be_pay_third', next: 'to_be_paid_last_money' },
  { n: 4, kind: 'final', status: 'to_be_paid_last_money', next: 'proceeding' },
];

/** The instalment an order in `status` is waiting for, if any. */
export function dueInstalment(status: GroupOrderStatus): InstalmentNumber | null {
  return INSTALMENT_STEPS.find((step) => step.status === status)?.n ?? null;
}

/** States of the passenger list (owned by the passenger-list import; locked once confirmed). */
export const PASSENGER_LIST_STATES = ['missing', 'uploaded', 'confirmed'] as const;
export type PassengerListState = (typeof PASSENGER_LIST_STATES)[number];

/** Actions a group order may offer (api conventions: `allowedActions`). */
export const GROUP_ORDER_ACTIONS = [
  'pickQuote',
  'cancel',
  'payInstalment',
  'uploadPassengers',
  'confirmPassengers',
] as const;
export type GroupOrderAction = (typeof GROUP_ORDER_ACTIONS)[number];

/**
 * Statuses an agent may cancel from (with a required reason, spec §5): those the transition table
 * lets move to `canceled`.
 */
export const GROUP_CANCELABLE_STATUSES: readonly GroupOrderStatus[] = GROUP_ORDER_STATUSES.filter((status) =>
  (GROUP_ORDER_TRANSITIONS[status].to as readonly GroupOrderStatus[]).includes('canceled'),
);

/** Statuses in which the passenger list may be uploaded or confirmed: from the pick to the final payment. */
export const PASSENGER_LIST_STATUSES: readonly GroupOrderStatus[] = GROUP_ORDER_STATUSES.slice(
  GROUP_ORDER_STATUSES.indexOf('to_be_apply_seat'),
  GROUP_ORDER_STATUSES.indexOf('to_be_paid_last_money') + 1,
);

/** What `allowedActions` needs to know about an order. Timestamps are ISO strings. */
export interface GroupActionSubject {
  status: GroupOrderStatus;
  /** The picked quote's (or, in to_be_confirm, the open quotes' latest) confirm-by time. */
  confirmBy: string | null;
  instalments: readonly { n: number; deadline: string; paidAt: string | null }[];
  passengerList: PassengerListState;
  passengerListDeadline: string | null;
}

function before(deadline: string | null, now: Date): boolean {
  if (!deadline) return false;
  const end = Date.parse(deadline);
  return !Number.isNaN(end) && now.getTime() < end;
}

/** True when `action` is allowed on the order at `now`. */
export function isGroupActionAllowed(
  order: GroupActionSubject,
  action: GroupOrderAction,
  now: Date,
): boolean {
  const status = order.status;
  switch (action) {
    case 'pickQuote':
      return status === 'to_be_confirm' && before(order.confirmBy, now);
    case 'cancel':
      return GROUP_CANCELABLE_STATUSES.includes(status);
    case 'payInstalment': {
      const n = dueInstalment(status);
      const instalment = order.instalments.find((row) => row.n === n);
      if (!instalment || instalment.paidAt !== null || !before(instalment.deadline, now)) return false;
      // Tickets are issued per passenger on the final payment: the list must be confirmed first.
      return n !== 4 || order.passengerList === 'confirmed';
    }
    case 'uploadPassengers':
      return (
        PASSENGER_LIST_STATUSES.includes(status) &&
        order.passengerList !== 'confirmed' &&
        before(order.passengerListDeadline, now)
      );
    case 'confirmPassengers':
      return (
        PASSENGER_LIST_STATUSES.includes(status) &&
        order.passengerList === 'uploaded' &&
        before(order.passengerListDeadline, now)
      );
  }
}

/** The actions an order allows at `now`, in `GROUP_ORDER_ACTIONS` order. */
export function allowedGroupActions(order: GroupActionSubject, now: Date): GroupOrderAction[] {
  return GROUP_ORDER_ACTIONS.filter((action) => isGroupActionAllowed(order, action, now));
}

// ---------------------------------------------------------------- request

/** Spec §9: a group is at least ten travellers; the form starts with 10 adults and 10 children. */
export const GROUP_MIN_PASSENGERS = 10;
export const GROUP_MAX_PASSENGERS = 300;
export const GROUP_DEFAULT_PASSENGERS = { adult: 10, child: 10, infant: 0 } as const;
export const GROUP_REMARK_MAX = 500;
export const GROUP_CANCEL_REASON_MAX = 500;

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
