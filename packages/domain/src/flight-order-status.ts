import { defineMachine, type TransitionTable } from './fsm';

/** Tag colour classes of spec §4. */
export const STATUS_COLORS = ['success', 'warning', 'primary', 'error', 'info'] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];

/** Every flight order status of spec §4, grouped by its tag colour class exactly as the spec lists them. */
export const FLIGHT_ORDER_STATUSES_BY_COLOR = {
  success: ['reserved', 'issued', 'changed', 'refunded', 'refunded_reimbursed', 'voided_reimbursed'],
  warning: [
    'reviewing',
    'failed_reimbursing',
    'chg_reviewing',
    'chg_proceeding',
    'rfd_reviewing',
    'rfd_proceeding',
    'refunded_reimbursing',
    'void_proceeding',
    'voided_reimbursing',
  ],
  primary: ['to_be_paid', 'proceeding', 'chg_to_be_paid', 'rfd_to_be_confirm'],
  error: [
    'failed',
    'chg_rejected',
    'rfd_rejected',
    'void_rejected',
    'holding',
    'origin_holding',
    'change_holding',
    'refund_holding',
    'void_holding',
    'origin_failed',
    'change_failed',
    'refund_failed',
    'void_failed',
  ],
  info: [
    'failed_reimbursed',
    'voided',
    'closed',
    'canceled',
    'origin_canceled',
    'change_canceled',
    'refund_canceled',
    'void_canceled',
  ],
} as const satisfies Record<StatusColor, readonly string[]>;

export type FlightOrderStatus = (typeof FLIGHT_ORDER_STATUSES_BY_COLOR)[StatusColor][number];

/** All 40 statuses, in the spec's order. */
export const FLIGHT_ORDER_STATUSES: readonly FlightOrderStatus[] = STATUS_COLORS.flatMap(
  (color) => FLIGHT_ORDER_STATUSES_BY_COLOR[color],
);

const COLOR_OF = new Map<string, StatusColor>(
  STATUS_COLORS.flatMap((color) =>
    FLIGHT_ORDER_STATUSES_BY_COLOR[color].map((status) => [status, color] as const),
  ),
);

/** The tag colour class of a status (spec §4); `info` for a status the spec does not name. */
export function statusColor(status: string): StatusColor {
  return COLOR_OF.get(status) ?? 'info';
}

export function isFlightOrderStatus(value: unknown): value is FlightOrderStatus {
  return typeof value === 'string' && COLOR_OF.has(value);
}

/** i18n key of a status label, e.g. `orders.status.to_be_paid` (the key the web's locale files hold). */
export function statusLabelKey(status: FlightOrderStatus): string {
  return `orders.status.${status}`;
}

/**
 * Order types. Spec §3 calls the first kind "original" on the entity and `origin` in the list
 * filter (§2 "Order lists: all, origin, change, refund, void"); the data uses `origin` everywhere,
 * so one value serves the entity, the filter and the statuses prefixed `origin_`.
 */
/**
 * `ancillary`: seats or bags bought after issue (docs/ancillaries.md), linked to its original,
 * following the origin statuses: to_be_paid -> proceeding (paid) -> issued (the supplier added
 * them) | failed -> failed_reimbursing -> failed_reimbursed; unpaid: canceled | origin_canceled.
 */
export const ORDER_TYPES = ['origin', 'change', 'refund', 'void', 'ancillary'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
/** The list filter adds `all`. */
export const ORDER_TYPE_FILTERS = ['all', ...ORDER_TYPES] as const;
export type OrderTypeFilter = (typeof ORDER_TYPE_FILTERS)[number];

/** Payment states of spec §4. */
export const PAYMENT_STATES = ['paid', 'unpaid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * The transition table of flight orders. The spec names the statuses but not the moves (§4
 * "Allowed transitions are not shown"); this is the design:
 *
 * A change, refund or void is a NEW order of that type linked to the original by
 * `originalBookingId`; the original stays `issued`. Each type has its own flow:
 *
 * origin (new booking; created in to_be_paid, or reviewing when the fare needs manual review, or
 * origin_holding when the supplier must first confirm the seats, or reserved for a hold-only booking):
 *   reserved       -> to_be_paid | canceled | closed (hold expired or closed by operations)
 *   reviewing      -> to_be_paid (approved: "payment only after approval") | origin_failed (rejected) | canceled
 *   origin_holding -> to_be_paid | origin_failed | origin_canceled
 *   to_be_paid     -> proceeding (paid) | canceled (the user cancels the booking)
 *                     | origin_canceled (the deadline job, or the airline canceled the PNR before payment)
 *                     | closed (closed by operations)
 *   proceeding     -> issued | failed | holding (ticketing paused by the supplier or operations)
 *   holding        -> proceeding | issued | failed
 *   failed         -> failed_reimbursing -> failed_reimbursed (money back to the wallet)
 *   final: issued, canceled, closed, origin_canceled, origin_failed, failed_reimbursed
 * change (created in chg_reviewing):
 *   chg_reviewing  -> chg_to_be_paid (price difference quoted) | chg_proceeding (nothing to pay)
 *                     | chg_rejected | change_canceled (user cancels the change)
 *   chg_to_be_paid -> chg_proceeding (paid) | change_canceled (user, or payment deadline)
 *   chg_proceeding -> changed | change_failed | change_holding
 *   change_holding -> chg_proceeding | changed | change_failed
 *   final: changed, chg_rejected, change_canceled, change_failed
 * refund (created in rfd_reviewing):
 *   rfd_reviewing     -> rfd_to_be_confirm (refund fee quoted) | rfd_rejected | refund_canceled
 *   rfd_to_be_confirm -> rfd_proceeding (agent confirms before the deadline) | refund_canceled
 *   rfd_proceeding    -> refunded | refund_failed | refund_holding
 *   refund_holding    -> rfd_proceeding | refunded | refund_failed
 *   refunded -> refunded_reimbursing -> refunded_reimbursed
 *   final: refunded_reimbursed, rfd_rejected, refund_canceled, refund_failed
 * void (created in void_proceeding):
 *   void_proceeding -> voided | void_rejected | void_failed | void_holding | void_canceled
 *   void_holding    -> void_proceeding | voided | void_failed
 *   voided -> voided_reimbursing -> voided_reimbursed
 *   final: voided_reimbursed, void_rejected, void_failed, void_canceled
 */
export const FLIGHT_ORDER_TRANSITIONS = {
  // origin
  reserved: { to: ['to_be_paid', 'canceled', 'closed'] },
  reviewing: { to: ['to_be_paid', 'origin_failed', 'canceled'] },
  origin_holding: { to: ['to_be_paid', 'origin_failed', 'origin_canceled'] },
  to_be_paid: { to: ['proceeding', 'canceled', 'closed', 'origin_canceled'] },
  proceeding: { to: ['issued', 'failed', 'holding'] },
  holding: { to: ['proceeding', 'issued', 'failed'] },
  failed: { to: ['failed_reimbursing'] },
  failed_reimbursing: { to: ['failed_reimbursed'] },
  issued: { to: [] },
  failed_reimbursed: { to: [] },
  canceled: { to: [] },
  closed: { to: [] },
  origin_canceled: { to: [] },
  origin_failed: { to: [] },
  // change
  chg_reviewing: { to: ['chg_to_be_paid', 'chg_proceeding', 'chg_rejected', 'change_canceled'] },
  chg_to_be_paid: { to: ['chg_proceeding', 'change_canceled'] },
  chg_proceeding: { to: ['changed', 'change_failed', 'change_holding'] },
  change_holding: { to: ['chg_proceeding', 'changed', 'change_failed'] },
  changed: { to: [] },
  chg_rejected: { to: [] },
  change_canceled: { to: [] },
  change_failed: { to: [] },
  // refund
  rfd_reviewing: { to: ['rfd_to_be_confirm', 'rfd_rejected', 'refund_canceled'] },
  rfd_to_be_confirm: { to: ['rfd_proceeding', 'refund_canceled'] },
  rfd_proceeding: { to: ['refunded', 'refund_failed', 'refund_holding'] },
  refund_holding: { to: ['rfd_proceeding', 'refunded', 'refund_failed'] },
  refunded: { to: ['refunded_reimbursing'] },
  refunded_reimbursing: { to: ['refunded_reimbursed'] },
  refunded_reimbursed: { to: [] },
  rfd_rejected: { to: [] },
  refund_canceled: { to: [] },
  refund_failed: { to: [] },
  // void
  void_proceeding: { to: ['voided', 'void_rejected', 'void_failed', 'void_holding', 'void_canceled'] },
  void_holding: { to: ['void_proceeding', 'voided', 'void_failed'] },
  voided: { to: ['voided_reimbursing'] },
  voided_reimbursing: { to: ['voided_reimbursed'] },
  voided_reimbursed: { to: [] },
  void_rejected: { to: [] },
  void_failed: { to: [] },
  void_canceled: { to: [] },
} as const satisfies TransitionTable<FlightOrderStatus>;

export const flightOrderMachine = defineMachine<FlightOrderStatus>(FLIGHT_ORDER_TRANSITIONS);

/**
 * Statuses that move on without the agent: ticketing, the supplier desk's review, reissue, the
 * supplier's refund or void, and the money going back to the wallet. The order detail asks again
 * while its order is in one of them.
 */
export const FLIGHT_MOVING_STATUSES: readonly FlightOrderStatus[] = [
  'proceeding',
  'chg_reviewing',
  'chg_proceeding',
  'rfd_reviewing',
  'rfd_proceeding',
  'refunded',
  'refunded_reimbursing',
  'void_proceeding',
  'voided',
  'voided_reimbursing',
];

/** The statuses an order of each type can be created in (see the table above). */
export const INITIAL_STATUSES = {
  origin: ['to_be_paid', 'reviewing', 'origin_holding', 'reserved'],
  change: ['chg_reviewing'],
  refund: ['rfd_reviewing'],
  void: ['void_proceeding'],
  // A purchase of free seats only needs no payment: it starts proceeding.
  ancillary: ['to_be_paid', 'proceeding'],
} as const satisfies Record<OrderType, readonly FlightOrderStatus[]>;

/** The statuses an order of each type can be in: everything reachable from its initial statuses. */
export const STATUSES_BY_ORDER_TYPE: Record<OrderType, readonly FlightOrderStatus[]> = {
  origin: reachableFrom(INITIAL_STATUSES.origin),
  change: reachableFrom(INITIAL_STATUSES.change),
  refund: reachableFrom(INITIAL_STATUSES.refund),
  void: reachableFrom(INITIAL_STATUSES.void),
  ancillary: reachableFrom(INITIAL_STATUSES.ancillary),
};

function reachableFrom(start: readonly FlightOrderStatus[]): FlightOrderStatus[] {
  const seen = new Set<FlightOrderStatus>(start);
  const queue = [...start];
  for (let status = queue.shift(); status !== undefined; status = queue.shift()) {
    for (const target of flightOrderMachine.next(status)) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return FLIGHT_ORDER_STATUSES.filter((status) => seen.has(status));
}
