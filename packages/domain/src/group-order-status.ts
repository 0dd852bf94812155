import { type StatusColor, STATUS_COLORS } from './flight-order-status';
import { defineMachine, type TransitionTable } from './fsm';

/**
 * Group flight order statuses (spec §4) with their tag colours, the transition table, the
 * instalments each status waits for, and the actions an order allows (`allowedActions`).
 * The request, quote and order schemas are in `group-order.ts`.
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

/** Final statuses (no way out of them in the table): issued, failed, canceled, closed. */
export const GROUP_FINAL_STATUSES: readonly GroupOrderStatus[] = GROUP_ORDER_STATUSES.filter((status) =>
  groupOrderMachine.isFinal(status),
);

/** Statuses in which the group desk or a job is to answer next, not the agent. */
export const GROUP_DESK_PENDING_STATUSES: readonly GroupOrderStatus[] = [
  'to_be_quote',
  'to_be_apply_seat',
  'seat_applying',
  'proceeding',
];

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
