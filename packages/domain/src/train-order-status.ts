import { STATUS_COLORS, type StatusColor } from './flight-order-status';
import { defineMachine, type TransitionTable } from './fsm';

/**
 * Train order statuses and their tag colour classes (the flight colours of spec §4):
 * - `to_be_paid` (primary): booked at the supplier, seats held until the payment deadline;
 * - `proceeding` (primary): paid, the ticketing job is asking the supplier to issue the tickets;
 * - `manual_ticketing` (warning): paid, waiting for an operator because the agency's train setting
 *   `manual` is on;
 * - `ticketed` (success): tickets issued, seats (coach and seat numbers) known;
 * - `refunding` (warning): a refund asked of the supplier, the fee fixed when asked;
 * - `refunded` (success): refunded, the price less the fee back in the wallet;
 * - `failed` (error): the supplier did not issue; what was paid went back to the wallet at once;
 * - `canceled` (info): canceled before ticketing (by the user, or the payment deadline passed);
 *   what was paid went back to the wallet at once.
 */
export const TRAIN_ORDER_STATUSES_BY_COLOR = {
  success: ['ticketed', 'refunded'],
  warning: ['manual_ticketing', 'refunding'],
  primary: ['to_be_paid', 'proceeding'],
  error: ['failed'],
  info: ['canceled'],
} as const satisfies Record<StatusColor, readonly string[]>;

export type TrainOrderStatus = (typeof TRAIN_ORDER_STATUSES_BY_COLOR)[StatusColor][number];

/** Every train order status, in the order of the flow. */
export const TRAIN_ORDER_STATUSES = [
  'to_be_paid',
  'proceeding',
  'manual_ticketing',
  'ticketed',
  'refunding',
  'refunded',
  'failed',
  'canceled',
] as const satisfies readonly TrainOrderStatus[];

const TRAIN_COLOR_OF = new Map<string, StatusColor>(
  STATUS_COLORS.flatMap((color) =>
    TRAIN_ORDER_STATUSES_BY_COLOR[color].map((status) => [status, color] as const),
  ),
);

/** The tag colour class of a train order status. */
export function trainStatusColor(status: TrainOrderStatus): StatusColor {
  return TRAIN_COLOR_OF.get(status) ?? 'info';
}

export function isTrainOrderStatus(value: unknown): value is TrainOrderStatus {
  return typeof value === 'string' && TRAIN_COLOR_OF.has(value);
}

/** i18n key of a status label, e.g. `trainOrders.status.to_be_paid`. */
export function trainStatusLabelKey(status: TrainOrderStatus): string {
  return `trainOrders.status.${status}`;
}

/**
 * The transition table of train orders:
 *   to_be_paid       -> proceeding (paid) | manual_ticketing (paid, agency ticketing by hand)
 *                       | canceled (the user cancels, or the payment deadline job)
 *   proceeding       -> ticketed | failed (the supplier refused; money back)
 *                       | manual_ticketing (the railway never answered the ticketing job: an
 *                         operator tickets again or cancels it with the money back)
 *   manual_ticketing -> proceeding (an operator's action: the supplier is asked to issue)
 *                       | canceled (the user cancels; money back)
 *   ticketed         -> refunding (the user asks a refund before departure)
 *   refunding        -> refunded (money less the fee back) | ticketed (the supplier refused,
 *                       or never answered the refund job: the refund may be asked again)
 *   final: refunded, failed, canceled
 * `proceeding` cannot be canceled: the supplier is issuing at that moment. The operator's action
 * and the ticketing job share one way to the end (proceeding -> ticketed | failed, or back to the
 * operators when the railway never answers).
 */
export const TRAIN_ORDER_TRANSITIONS = {
  to_be_paid: { to: ['proceeding', 'manual_ticketing', 'canceled'] },
  proceeding: { to: ['ticketed', 'failed', 'manual_ticketing'] },
  manual_ticketing: { to: ['proceeding', 'canceled'] },
  ticketed: { to: ['refunding'] },
  refunding: { to: ['refunded', 'ticketed'] },
  refunded: { to: [] },
  failed: { to: [] },
  canceled: { to: [] },
} as const satisfies TransitionTable<TrainOrderStatus>;

export const trainOrderMachine = defineMachine<TrainOrderStatus>(TRAIN_ORDER_TRANSITIONS);

/**
 * Statuses the railway, a job or an operator moves on from by themselves (ticketing, a refund,
 * ticketing by hand): an open order in one of them is asked for again.
 */
export const TRAIN_MOVING_STATUSES: readonly TrainOrderStatus[] = [
  'proceeding',
  'refunding',
  'manual_ticketing',
];

/** Actions a train order may offer (`allowedActions`). */
export const TRAIN_ORDER_ACTIONS = ['pay', 'cancel', 'ticket', 'refund'] as const;
export type TrainOrderAction = (typeof TRAIN_ORDER_ACTIONS)[number];

export interface TrainActionRule {
  action: TrainOrderAction;
  statuses: readonly TrainOrderStatus[];
  /** `payment`: before the payment deadline; `departure`: before the train leaves. */
  deadline?: 'payment' | 'departure';
}

/** When each action is allowed, as data. */
export const TRAIN_ACTION_RULES: readonly TrainActionRule[] = [
  { action: 'pay', statuses: ['to_be_paid'], deadline: 'payment' },
  { action: 'cancel', statuses: ['to_be_paid', 'manual_ticketing'] },
  { action: 'ticket', statuses: ['manual_ticketing'], deadline: 'departure' },
  { action: 'refund', statuses: ['ticketed'], deadline: 'departure' },
];

export interface TrainActionContext {
  now: Date;
  /**
   * True when the viewer may book trains (`hasTrainBooking`: operator or SuperUser of the order's
   * agency). Every action is theirs; a finance user sees the order and none of its actions.
   */
  canBook: boolean;
}

/** What the action table reads of an order: its status and its two deadlines (ISO timestamps). */
export interface TrainActionSubject {
  status: TrainOrderStatus;
  paymentDeadline: string | null;
  departureUtc: string;
}

/**
 * Why the table refuses an action now: the order is not in one of the rule's statuses, the
 * payment deadline has passed, or the train has left.
 */
export type TrainActionRefusal = 'status' | 'payment-deadline' | 'departed';

function deadlineRefusal(
  order: TrainActionSubject,
  deadline: TrainActionRule['deadline'],
  now: Date,
): TrainActionRefusal | null {
  const at = now.getTime();
  if (deadline === 'payment')
    return order.paymentDeadline === null || at < Date.parse(order.paymentDeadline)
      ? null
      : 'payment-deadline';
  if (deadline === 'departure') return at < Date.parse(order.departureUtc) ? null : 'departed';
  return null;
}

/**
 * Whether the table allows `action` on `order` at `now`: null when it does, else why not. The
 * train use cases (pay, cancel, ticket, refund) refuse through this, and `trainAllowedActions`
 * offers what it allows, so one table decides both.
 */
export function trainActionRefusal(
  order: TrainActionSubject,
  action: TrainOrderAction,
  now: Date,
): TrainActionRefusal | null {
  const rule = TRAIN_ACTION_RULES.find((r) => r.action === action);
  if (!rule || !rule.statuses.includes(order.status)) return 'status';
  return deadlineRefusal(order, rule.deadline, now);
}

/** The statuses in which the table allows `action` (before its deadline): e.g. `pay`. */
export function trainStatusesAllowing(action: TrainOrderAction): readonly TrainOrderStatus[] {
  return TRAIN_ACTION_RULES.filter((rule) => rule.action === action).flatMap((rule) => rule.statuses);
}

/** The actions `order` offers now (the API answers them; the UI shows only these). */
export function trainAllowedActions(order: TrainActionSubject, ctx: TrainActionContext): TrainOrderAction[] {
  if (!ctx.canBook) return [];
  return TRAIN_ORDER_ACTIONS.filter((action) => trainActionRefusal(order, action, ctx.now) === null);
}
