import { hasPermission } from './permission';
import {
  hasFinanceAccess,
  hasTicketAccess,
  hasTrainBooking,
  hasTrainService,
  isAgencyManager,
  type AccessSubject,
} from './roles';

/**
 * Who may call a route (spec §6), declared by every API route as `config: { access }` and
 * enforced by the authentication hook before the handler runs:
 * - `public`: no login;
 * - `session`: any logged-in user;
 * - `ticket`: operator or SuperUser;
 * - `finance`: finance or SuperUser of a top-level agency, or of one that shows bills;
 * - `agencyManager`: agency manager (top level, may create sub-agencies) with finance access;
 * - `agencyAdmin`: agency manager and SuperUser (sub-agencies, their settings, API keys);
 * - `agencyBills`: agency manager with the permission `agencybills:read`;
 * - `superuser`: SuperUser;
 * - `train`: the company's train service is on (train orders: list and detail);
 * - `trainBooking`: the train service and operator or SuperUser (search, book, pay, cancel, refund,
 *   ticket), as the route table gives /train/booking to operators only.
 * Record-level rules (whose order, which sub-agency) stay in each module's policy.
 */
export const ROUTE_ACCESS = [
  'public',
  'session',
  'ticket',
  'finance',
  'agencyManager',
  'agencyAdmin',
  'agencyBills',
  'superuser',
  'train',
  'trainBooking',
] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** The permission a sub-agency's bills need (spec §6). */
export const AGENCY_BILLS_PERMISSION = 'agencybills:read';

/** True when `value` is one of the `ROUTE_ACCESS` names. */
export function isRouteAccess(value: unknown): value is RouteAccess {
  return typeof value === 'string' && (ROUTE_ACCESS as readonly string[]).includes(value);
}

const isSuperUser = (subject: AccessSubject): boolean => subject.roles.includes('SuperUser');

const RULES: Record<RouteAccess, (subject: AccessSubject) => boolean> = {
  public: () => true,
  session: () => true,
  ticket: hasTicketAccess,
  finance: hasFinanceAccess,
  agencyManager: (s) => isAgencyManager(s) && hasFinanceAccess(s),
  agencyAdmin: (s) => isAgencyManager(s) && isSuperUser(s),
  agencyBills: (s) => isAgencyManager(s) && hasPermission(s.permissions, [AGENCY_BILLS_PERMISSION]),
  superuser: isSuperUser,
  train: hasTrainService,
  trainBooking: hasTrainBooking,
};

/** True when a logged-in `subject` may call a route declared with `access`. */
export function allows(access: RouteAccess, subject: AccessSubject): boolean {
  return RULES[access](subject);
}
