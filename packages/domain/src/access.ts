import { companyAllows } from './company-restrictions';
import { hasPermission } from './permission';
import {
  hasFinanceAccess,
  hasFlightService,
  hasTicketAccess,
  hasTrainBooking,
  hasTrainService,
  isAgencyManager,
  type AccessSubject,
} from './roles';

/**
 * Who may call a route (spec §6), declared by every API route as `config: { access }`, enforced by
 * the authentication hook before the handler runs and published in the OpenAPI document
 * (`x-access`); the web's route table (`routes.ts`) names its pages' conditions with the same
 * names. Each name is one rule of `allows`, and its meaning is `ROUTE_ACCESS_MEANING`.
 * Record-level rules (whose order, which sub-agency) stay in each module's policy.
 */
export const ROUTE_ACCESS = [
  'public',
  'session',
  'ticket',
  'flight',
  'flightPnr',
  'finance',
  'agencyManager',
  'agencyAdmin',
  'agencyBills',
  'superuser',
  'train',
  'trainBooking',
] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** What each access name admits, in words (the OpenAPI document's `x-access`). */
export const ROUTE_ACCESS_MEANING: Record<RouteAccess, string> = {
  public: 'Anyone, without credentials.',
  session: 'Any logged-in user.',
  ticket: 'An operator or SuperUser.',
  flight:
    'The flight service: an operator or SuperUser of an agency whose company has the flight service on (shopping, flight and group orders, after-sales, booking records).',
  flightPnr: 'The flight service, and the agency does not hide PNR booking (reading a PNR to book from it).',
  finance:
    'Finance access: a finance user or SuperUser of a top-level agency, or of an agency that shows bills.',
  agencyManager: 'An agency manager (a top-level agency that may create sub-agencies) with finance access.',
  agencyAdmin: 'A SuperUser of an agency manager (sub-agencies, their settings, API keys).',
  agencyBills: "An agency manager with the permission agencybills:read (sub-agencies' bills).",
  superuser: 'A SuperUser.',
  train:
    'The train service: any user of an agency whose company has the train service on (train orders: list and detail).',
  trainBooking:
    'Train booking: an operator or SuperUser of an agency with the train service (search, book, pay, cancel, refund, ticket).',
};

/** The permission a sub-agency's bills need (spec §6). */
export const AGENCY_BILLS_PERMISSION = 'agencybills:read';

/**
 * The header an agency's own systems authenticate with instead of a session (`Authorization:
 * Bearer`): every route but the `public` ones accepts either.
 */
export const API_KEY_HEADER = 'x-api-key';

/** True when `value` is one of the `ROUTE_ACCESS` names. */
export function isRouteAccess(value: unknown): value is RouteAccess {
  return typeof value === 'string' && (ROUTE_ACCESS as readonly string[]).includes(value);
}

const isSuperUser = (subject: AccessSubject): boolean => subject.roles.includes('SuperUser');

const RULES: Record<RouteAccess, (subject: AccessSubject) => boolean> = {
  public: () => true,
  session: () => true,
  ticket: hasTicketAccess,
  flight: hasFlightService,
  flightPnr: (s) => hasFlightService(s) && companyAllows(s.company, 'pnrBooking'),
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
