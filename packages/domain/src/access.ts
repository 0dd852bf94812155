import { companyAllows } from './company-restrictions';
import { hasPermission } from './permission';
import { hasPlatformPermission } from './platform';
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
  'platform',
  'platformFinance',
  'platformSupport',
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
  platform:
    'Any signed-in platform admin (the back office, with a platform session); never an agency user or API key.',
  platformFinance: 'A signed-in platform admin with the permission platform:finance.',
  platformSupport: 'A signed-in platform admin with the permission platform:support.',
};

/** The access names of the platform back office: only a platform session passes them. */
export const PLATFORM_ACCESS = ['platform', 'platformFinance', 'platformSupport'] as const;
export type PlatformAccess = (typeof PLATFORM_ACCESS)[number];

/** True for an access name only a platform session passes. */
export function isPlatformAccess(access: unknown): access is PlatformAccess {
  return typeof access === 'string' && (PLATFORM_ACCESS as readonly string[]).includes(access);
}

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
  // An agency user never passes a platform name (`allowsPlatform` decides those).
  platform: () => false,
  platformFinance: () => false,
  platformSupport: () => false,
};

/** True when a logged-in agency `subject` may call a route declared with `access`. */
export function allows(access: RouteAccess, subject: AccessSubject): boolean {
  return RULES[access](subject);
}

/**
 * True when a signed-in platform admin holding `permissions` may call a route declared with
 * `access`: `public` and the platform names only; a platform admin never passes an agency name.
 */
export function allowsPlatform(access: RouteAccess, permissions: readonly string[]): boolean {
  switch (access) {
    case 'public':
    case 'platform':
      return true;
    case 'platformFinance':
      return hasPlatformPermission(permissions, 'platform:finance');
    case 'platformSupport':
      return hasPlatformPermission(permissions, 'platform:support');
    default:
      return false;
  }
}
