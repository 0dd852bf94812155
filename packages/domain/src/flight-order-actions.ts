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
  deadline?: 'payment' | 'confirm';
  /** The status the action moves this order to; null when it creates a new order instead. */
  to: FlightOrderStatus | null;
  /** True for actions that arrive in a later issue (change, refund, void): off unless asked for. */
  later?: boolean;
}

/** When each action is allowed, as data. */
export const ACTION_RULES: readonly ActionRule[] = [
  { action: 'pay', type: 'origin', statuses: ['to_be_paid'], deadline: 'payment', to: 'proceeding' },
  { action: 'cancel', type: 'origin', statuses: ['to_be_paid'], deadline: 'payment', to: 'canceled' },
  { action: 'change', type: 'origin', statuses: ['issued'], to: null, later: true },
  { action: 'refund', type: 'origin', statuses: ['issued'], to: null, later: true },
  { action: 'void', type: 'origin', statuses: ['issued'], to: null, later: true },
  { action: 'change', type: 'change', statuses: ['changed'], to: null, later: true },
  { action: 'refund', type: 'change', statuses: ['changed'], to: null, later: true },
  {
    action: 'pay',
    type: 'change',
    statuses: ['chg_to_be_paid'],
    deadline: 'payment',
    to: 'chg_proceeding',
    later: true,
  },
  {
    action: 'cancel-change',
    type: 'change',
    statuses: ['chg_reviewing', 'chg_to_be_paid'],
    to: 'change_canceled',
    later: true,
  },
  {
    action: 'confirm-refund',
    type: 'refund',
    statuses: ['rfd_to_be_confirm'],
    deadline: 'confirm',
    to: 'rfd_proceeding',
    later: true,
  },
  {
    action: 'cancel-refund',
    type: 'refund',
    statuses: ['rfd_reviewing', 'rfd_to_be_confirm'],
    to: 'refund_canceled',
    later: true,
  },
];

export interface ActionSubject {
  status: FlightOrderStatus;
  type: OrderType;
  /** ISO timestamp; pay and cancel end when it passes. */
  paymentDeadline?: string | null;
  /** ISO timestamp before which a refund must be confirmed. */
  confirmDeadline?: string | null;
  now: Date | string;
}

export interface AllowedActionOptions {
  /** Include the actions of a later issue (change, refund, void and their follow-ups). */
  includeLater?: boolean;
}

function beforeDeadline(deadline: string | null | undefined, now: Date | string): boolean {
  if (!deadline) return true;
  const end = Date.parse(deadline);
  const at = typeof now === 'string' ? Date.parse(now) : now.getTime();
  if (Number.isNaN(end) || Number.isNaN(at)) return false;
  return at < end;
}

/** The rule that allows `action` on this order now, if any (for the API to find its target status). */
export function actionRule(
  order: ActionSubject,
  action: FlightOrderAction,
  options: AllowedActionOptions = {},
): ActionRule | undefined {
  return ACTION_RULES.find(
    (rule) =>
      rule.action === action &&
      rule.type === order.type &&
      (options.includeLater === true || rule.later !== true) &&
      rule.statuses.includes(order.status) &&
      (rule.deadline === undefined ||
        beforeDeadline(
          rule.deadline === 'payment' ? order.paymentDeadline : order.confirmDeadline,
          order.now,
        )),
  );
}

/**
 * The actions an order allows now, in `FLIGHT_ORDER_ACTIONS` order. Pay and cancel only in
 * to_be_paid before the payment deadline; later-issue actions only with `includeLater`.
 */
export function allowedActions(
  order: ActionSubject,
  options: AllowedActionOptions = {},
): FlightOrderAction[] {
  return FLIGHT_ORDER_ACTIONS.filter((action) => actionRule(order, action, options) !== undefined);
}
