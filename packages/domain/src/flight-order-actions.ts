import { type FlightOrderStatus, type OrderType } from './flight-order-status';

/** Actions an order may offer (api conventions: `allowedActions`). */
export const FLIGHT_ORDER_ACTIONS = [
  'pay',
  'cancel',
  'change',
  'refund',
  'void',
  'confirm-refund',
  'cancel-change',
  'cancel-refund',
] as const;
export type FlightOrderAction = (typeof FLIGHT_ORDER_ACTIONS)[number];

export interface ActionRule {
  action: FlightOrderAction;
  type: OrderType;
  statuses: readonly FlightOrderStatus[];
  /** Which deadline must not have passed, if any. */
  deadline?: 'payment' | 'confirm' | 'void';
  /** The status the action moves this order to; null when it creates a new order instead. */
  to: FlightOrderStatus | null;
}

/** When each action is allowed, as data. */
export const ACTION_RULES: readonly ActionRule[] = [
  { action: 'pay', type: 'origin', statuses: ['to_be_paid'], deadline: 'payment', to: 'proceeding' },
  { action: 'cancel', type: 'origin', statuses: ['to_be_paid'], deadline: 'payment', to: 'canceled' },
  { action: 'change', type: 'origin', statuses: ['issued'], to: null },
  // Seats and bags bought after issue: paid, or canceled unpaid, as a booking is.
  { action: 'pay', type: 'ancillary', statuses: ['to_be_paid'], deadline: 'payment', to: 'proceeding' },
  { action: 'cancel', type: 'ancillary', statuses: ['to_be_paid'], deadline: 'payment', to: 'canceled' },
  { action: 'refund', type: 'origin', statuses: ['issued'], to: null },
  { action: 'void', type: 'origin', statuses: ['issued'], deadline: 'void', to: null },
  { action: 'change', type: 'change', statuses: ['changed'], to: null },
  { action: 'refund', type: 'change', statuses: ['changed'], to: null },
  {
    action: 'pay',
    type: 'change',
    statuses: ['chg_to_be_paid'],
    deadline: 'payment',
    to: 'chg_proceeding',
  },
  {
    action: 'cancel-change',
    type: 'change',
    statuses: ['chg_reviewing', 'chg_to_be_paid'],
    to: 'change_canceled',
  },
  {
    action: 'confirm-refund',
    type: 'refund',
    statuses: ['rfd_to_be_confirm'],
    deadline: 'confirm',
    to: 'rfd_proceeding',
  },
  {
    action: 'cancel-refund',
    type: 'refund',
    statuses: ['rfd_reviewing', 'rfd_to_be_confirm'],
    to: 'refund_canceled',
  },
];

export interface ActionSubject {
  status: FlightOrderStatus;
  type: OrderType;
  /** ISO timestamp (or the time itself); pay and cancel end when it passes. */
  paymentDeadline?: string | Date | null;
  /** ISO timestamp (or the time itself) before which a refund must be confirmed. */
  confirmDeadline?: string | Date | null;
  /** ISO timestamp (or the time itself) at which the void window closes (`voidWindowEnd`); no void without it. */
  voidDeadline?: string | Date | null;
  now: Date | string;
}

const timeOf = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

function beforeDeadline(deadline: string | Date | null | undefined, now: Date | string): boolean {
  if (!deadline) return true;
  const end = timeOf(deadline);
  const at = timeOf(now);
  if (Number.isNaN(end) || Number.isNaN(at)) return false;
  return at < end;
}

function deadlineOpen(rule: ActionRule, order: ActionSubject): boolean {
  switch (rule.deadline) {
    case undefined:
      return true;
    case 'payment':
      return beforeDeadline(order.paymentDeadline, order.now);
    case 'confirm':
      return beforeDeadline(order.confirmDeadline, order.now);
    case 'void':
      // No window known (not issued yet, or an order from before windows were kept): no void.
      return Boolean(order.voidDeadline) && beforeDeadline(order.voidDeadline, order.now);
  }
}

/** The rule that allows `action` on this order now, if any (for the API to find its target status). */
export function actionRule(order: ActionSubject, action: FlightOrderAction): ActionRule | undefined {
  return ACTION_RULES.find(
    (rule) =>
      rule.action === action &&
      rule.type === order.type &&
      rule.statuses.includes(order.status) &&
      deadlineOpen(rule, order),
  );
}

/**
 * The rules of each order type and status, in `FLIGHT_ORDER_ACTIONS` order (the order lists
 * present many orders a request; most type and status pairs have no rule at all).
 */
const RULES_BY_SUBJECT = new Map<string, readonly ActionRule[]>();
for (const action of FLIGHT_ORDER_ACTIONS) {
  for (const rule of ACTION_RULES) {
    if (rule.action !== action) continue;
    for (const status of rule.statuses) {
      const key = `${rule.type}:${status}`;
      RULES_BY_SUBJECT.set(key, [...(RULES_BY_SUBJECT.get(key) ?? []), rule]);
    }
  }
}

/**
 * The actions an order allows now, in `FLIGHT_ORDER_ACTIONS` order: pay and cancel only in
 * to_be_paid before the payment deadline, void only inside the void window, confirm-refund only
 * before the confirmation deadline.
 */
export function allowedActions(order: ActionSubject): FlightOrderAction[] {
  const rules = RULES_BY_SUBJECT.get(`${order.type}:${order.status}`);
  const actions: FlightOrderAction[] = [];
  if (!rules) return actions;
  for (const rule of rules) {
    if (actions.at(-1) !== rule.action && deadlineOpen(rule, order)) actions.push(rule.action);
  }
  return actions;
}

/** The statuses in which some order type allows `action` (before any deadline): e.g. `pay`. */
export function statusesAllowing(action: FlightOrderAction): readonly FlightOrderStatus[] {
  return [...new Set(ACTION_RULES.filter((rule) => rule.action === action).flatMap((rule) => rule.statuses))];
}

/** Statuses that wait for a payment before the payment deadline (to_be_paid, chg_to_be_paid). */
export const AWAITING_PAYMENT_STATUSES = statusesAllowing('pay');
/** Statuses that wait for the agent to confirm a refund before the confirmation deadline. */
export const AWAITING_REFUND_CONFIRM_STATUSES = statusesAllowing('confirm-refund');
