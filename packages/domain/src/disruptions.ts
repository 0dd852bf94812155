import { z } from 'zod';
import {
  DISRUPTION_STATUSES,
  DISRUPTION_TYPES,
  DisruptedFlight,
  type DisruptionStatus,
  type DisruptionType,
} from './after-sales';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from './flight-order';
import { defineMachine, type TransitionTable } from './fsm';
import { CalendarDate } from './primitives';

/**
 * Flight disruptions (spec §2 disruption list, §3 disruption types): schedule events a supplier
 * raised on an issued order, what the agent may do with each, and the list's query and rows.
 */

/**
 * open -> acknowledged; a protected cancellation goes on (from open or acknowledged: accepting or
 * asking a refund also acknowledges) to accepted or refund_requested. Every move happens once.
 */
export const DISRUPTION_TRANSITIONS: TransitionTable<DisruptionStatus> = {
  open: { to: ['acknowledged', 'accepted', 'refund_requested'] },
  acknowledged: { to: ['accepted', 'refund_requested'] },
  accepted: { to: [] },
  refund_requested: { to: [] },
};
export const disruptionMachine = defineMachine(DISRUPTION_TRANSITIONS);

export const DISRUPTION_ACTIONS = ['acknowledge', 'accept', 'refund'] as const;
export type DisruptionAction = (typeof DISRUPTION_ACTIONS)[number];

const TARGET: Record<DisruptionAction, DisruptionStatus> = {
  acknowledge: 'acknowledged',
  accept: 'accepted',
  refund: 'refund_requested',
};

/** The status an action moves a disruption to. */
export function disruptionTarget(action: DisruptionAction): DisruptionStatus {
  return TARGET[action];
}

/**
 * The actions a disruption allows now: acknowledge while open; accept the protected flight or ask
 * a refund only for a protected cancellation not yet answered.
 */
export function disruptionActions(d: { type: DisruptionType; status: DisruptionStatus }): DisruptionAction[] {
  return DISRUPTION_ACTIONS.filter((action) => {
    if (action !== 'acknowledge' && d.type !== 'cancel_protected') return false;
    return disruptionMachine.canTransition(d.status, TARGET[action]);
  });
}

// The i18n keys of a disruption's type and status, zod-free for the disruption pages.
export { disruptionStatusKey, disruptionTypeKey } from './disruption-keys';

const Text = z.string().trim().min(1).max(64);

/**
 * Query of `GET /order/v2/flight/disruptions`. `dateFrom`/`dateTo` bound the day the event was
 * raised (calendar days of the agency's time zone); `bookingNumber` is a whole or partial booking number.
 */
export const DisruptionListQuery = z
  .strictObject({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    type: z.enum(DISRUPTION_TYPES).optional(),
    status: z.enum(DISRUPTION_STATUSES).optional(),
    dateFrom: CalendarDate.optional(),
    dateTo: CalendarDate.optional(),
    bookingNumber: Text.optional(),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], message: 'range' });
export type DisruptionListQuery = z.infer<typeof DisruptionListQuery>;

/** One disruption as the API answers it (list row, order panel, and every action's answer). */
export const Disruption = z.object({
  id: z.string(),
  orderId: z.string(),
  bookingNumber: z.string(),
  /** The order's route, `PEK-SHA` (legs joined by `,`). */
  route: z.string(),
  passengerNames: z.array(z.string()),
  type: z.enum(DISRUPTION_TYPES),
  status: z.enum(DISRUPTION_STATUSES),
  /** Index of the affected segment in the order's flattened segments. */
  segmentIndex: z.number().int().min(0),
  /** The flight as it was. */
  before: DisruptedFlight,
  /** The new times (change, restore) or the protected flight (cancel_protected); null for a plain cancellation. */
  after: DisruptedFlight.nullable(),
  raisedAt: z.iso.datetime(),
  acknowledgedAt: z.iso.datetime().nullable(),
  /** The refund order asked for instead of the protected flight. */
  refundOrderId: z.string().nullable(),
  allowedActions: z.array(z.enum(DISRUPTION_ACTIONS)),
});
export type Disruption = z.infer<typeof Disruption>;

export const DisruptionList = pageOf(Disruption);
export type DisruptionList = z.infer<typeof DisruptionList>;
