/**
 * Who may call each API route: the expected outcome of `access-matrix.test.ts`, kept as data.
 * For every registered agency API route (`METHOD url` as registered), the identities that get past
 * the access check (any answer but 401 and 403); every other identity must be refused (401 or 403).
 * A route missing here fails the test, so a new route must be added with its expected callers.
 * Platform routes (`/platform/v2/…`) are not listed: their callers follow from the access name
 * they declare (`PLATFORM_ALLOWED`), so every platform route is covered as it is registered.
 */
import type { RouteAccess } from '@portal/domain/access';

/** The callers the matrix tries, each against every route. */
export const IDENTITIES = [
  /** No credentials. */
  'anonymous',
  /** SuperUser of the top-level agency 1 (agency manager, may create sub-agencies). */
  'admin',
  /** operator of agency 1. */
  'operator',
  /** finance of agency 1 (with `agencybills:read`). */
  'finance',
  /** operator of the sub-agency 2 (no bills shown, no sub-agencies). */
  'subop',
  /** operator of another tenant, agency 222 (no train service). */
  'partner',
  /** A SuperUser of agency 1 disabled after logging in, calling with its old token. */
  'disabled',
  /** Agency 1's API key (`X-Api-Key`), acting as its super admin. */
  'apiKey',
  /** A platform admin with `platform:finance` (a platform session token). */
  'platformFinance',
  /** A platform admin with `platform:support` only. */
  'platformSupport',
] as const;
export type Identity = (typeof IDENTITIES)[number];

/** Every identity: the public routes. */
export const EVERYONE: readonly Identity[] = IDENTITIES;
const SIGNED_IN: readonly Identity[] = ['admin', 'operator', 'finance', 'subop', 'partner', 'apiKey'];
/** operator or SuperUser. */
const TICKET: readonly Identity[] = ['admin', 'operator', 'subop', 'partner', 'apiKey'];
/** finance or SuperUser of a top-level agency (or one that shows bills). */
const FINANCE: readonly Identity[] = ['admin', 'finance', 'apiKey'];
/** Agency manager with finance access. */
const AGENCY_MANAGER: readonly Identity[] = ['admin', 'finance', 'apiKey'];
/** Agency manager and SuperUser. */
const AGENCY_ADMIN: readonly Identity[] = ['admin', 'apiKey'];
/** Agency manager with `agencybills:read` (admin's `all` includes it; operator's list lacks it). */
const AGENCY_BILLS: readonly Identity[] = ['admin', 'finance', 'apiKey'];
const SUPERUSER: readonly Identity[] = ['admin', 'apiKey'];
/** The company's train service is on (agencies 1 and 2; not 222). */
const TRAIN: readonly Identity[] = ['admin', 'operator', 'finance', 'subop', 'apiKey'];
/** Train booking: the train service and operator or SuperUser (spec §2 /train/booking; not finance). */
const TRAIN_BOOKING: readonly Identity[] = ['admin', 'operator', 'subop', 'apiKey'];

/** The identities allowed past the access check of each route. */
export const ALLOWED: Record<string, readonly Identity[]> = {
  // Public: site, health, login, payment providers' callbacks and the simulated checkout.
  'GET /base/v2/config/getSiteConfig': EVERYONE,
  'GET /base/v2/exchangeRates': EVERYONE,
  'GET /base/v2/config/site-images/:id': EVERYONE,
  'GET /healthz': EVERYONE,
  'GET /readyz': EVERYONE,
  'POST /base/v2/login': EVERYONE,
  'POST /base/v2/single-login': EVERYONE,
  'POST /order/v2/payments/notify/:channel': EVERYONE,
  'GET /order/v2/payments/sim/:channel/:paymentId': EVERYONE,
  'POST /order/v2/payments/sim/:channel/:paymentId/complete': EVERYONE,
  // A client quote's link, opened by the traveller (the token is the only key).
  'GET /public/v2/client-quotes/:token': EVERYONE,
  'GET /public/v2/client-quotes/:token/pdf': EVERYONE,
  // The home page's partnership enquiry form.
  'POST /base/v2/applications': EVERYONE,

  // The signed-in user's own profile, notices, passengers and cards.
  'GET /base/v2/me': SIGNED_IN,
  'PUT /base/v2/me': SIGNED_IN,
  'PUT /base/v2/me/password': SIGNED_IN,
  'PUT /base/v2/me/config/:key': SIGNED_IN,
  'DELETE /base/v2/me': SIGNED_IN,
  'GET /base/v2/notifications': SIGNED_IN,
  'POST /base/v2/notifications/read': SIGNED_IN,
  'GET /base/v2/notifications/webhook-secret': SUPERUSER,
  'POST /base/v2/analysis/document': SIGNED_IN,
  'GET /base/v2/often-used-passengers': SIGNED_IN,
  'POST /base/v2/often-used-passengers': SIGNED_IN,
  'PUT /base/v2/often-used-passengers/:id': SIGNED_IN,
  'DELETE /base/v2/often-used-passengers/:id': SIGNED_IN,
  'GET /base/v2/member-cards': SIGNED_IN,
  'POST /base/v2/member-cards': SIGNED_IN,
  'PUT /base/v2/member-cards/:id': SIGNED_IN,
  'DELETE /base/v2/member-cards/:id': SIGNED_IN,

  // Users, user log, company.
  'GET /base/v2/users': SIGNED_IN,
  'POST /base/v2/users': SUPERUSER,
  'PUT /base/v2/users/:id': SUPERUSER,
  'POST /base/v2/users/:id/password': SUPERUSER,
  'DELETE /base/v2/users/:id': SUPERUSER,
  'GET /base/v2/user-logs': SUPERUSER,
  'POST /base/v2/user-logs/export': SUPERUSER,
  'GET /base/v2/company': SIGNED_IN,
  'PUT /base/v2/company': SUPERUSER,

  // Flight shopping, orders, payment, after-sales, documents, disruptions, booking records.
  'POST /shopping/v2/flight/async-shopping': TICKET,
  'POST /shopping/v2/flight/async-shopping/solutions': TICKET,
  'POST /shopping/v2/flight/accurate-search': TICKET,
  'POST /shopping/v2/flight/analysis-pnr': TICKET,
  'POST /shopping/v2/flight/solutions/:id/verification': TICKET,
  'GET /shopping/v2/flight/solutions/:id/ancillaries': TICKET,
  'POST /order/v2/flight/orders': TICKET,
  'GET /order/v2/flight/orders': TICKET,
  'GET /order/v2/flight/orders/status': TICKET,
  'GET /order/v2/flight/orders/:id': TICKET,
  'GET /order/v2/flight/orders/:id/traveller-documents/itinerary': TICKET,
  'GET /order/v2/flight/orders/:id/traveller-documents/invoice': TICKET,
  'POST /order/v2/flight/client-quotes': TICKET,
  'GET /order/v2/flight/client-quotes': TICKET,
  'DELETE /order/v2/flight/orders/:id': TICKET,
  'GET /order/v2/flight/config/payment': TICKET,
  'POST /order/v2/flight/orders/:id/payment': TICKET,
  'GET /order/v2/flight/payments/:id': TICKET,
  'POST /order/v2/flight/orders/:id/refund': TICKET,
  'POST /order/v2/flight/orders/:id/confirmation': TICKET,
  'POST /order/v2/flight/orders/:id/void': TICKET,
  'POST /order/v2/flight/orders/:id/ancillaries': TICKET,
  'GET /order/v2/flight/orders/:id/ancillaries': TICKET,
  'POST /order/v2/flight/orders/:id/change/search': TICKET,
  'POST /order/v2/flight/orders/:id/change': TICKET,
  'POST /order/v2/flight/orders/:id/documents': TICKET,
  'GET /order/v2/flight/orders/:id/documents': TICKET,
  'GET /order/v2/flight/orders/:id/documents/:documentId': TICKET,
  'DELETE /order/v2/flight/orders/:id/documents/:documentId': TICKET,
  'GET /order/v2/flight/disruptions': TICKET,
  'GET /order/v2/flight/orders/:id/disruptions': TICKET,
  'POST /order/v2/flight/disruptions/:id/acknowledge': TICKET,
  'POST /order/v2/flight/disruptions/:id/accept': TICKET,
  'POST /order/v2/flight/disruptions/:id/refund': TICKET,
  'GET /order/v2/flight/voyages': TICKET,
  'POST /order/v2/flight/voyages/export': TICKET,

  // Group flight orders and their passenger lists.
  'POST /order/v2/group/orders': TICKET,
  'GET /order/v2/group/orders': TICKET,
  'GET /order/v2/group/orders/status': TICKET,
  'GET /order/v2/group/orders/:id': TICKET,
  'POST /order/v2/group/orders/:id/cancel': TICKET,
  'POST /order/v2/group/orders/:id/quote-selection': TICKET,
  'POST /order/v2/group/orders/:id/instalments/:n/payment': TICKET,
  'GET /order/v2/group/orders/:id/passengers': TICKET,
  'GET /order/v2/group/orders/:id/traveller-documents/quote': TICKET,
  'GET /order/v2/group/orders/:id/traveller-documents/receipts/:n': TICKET,
  'GET /order/v2/group/orders/:id/traveller-documents/passenger-list': TICKET,
  'GET /order/v2/group/orders/:id/passengers/template': TICKET,
  'POST /order/v2/group/orders/:id/passengers': TICKET,
  'POST /order/v2/group/orders/:id/passengers/confirmation': TICKET,

  // Trains: the orders are seen with the train service (finance too); searching, booking and
  // every action on an order are train booking's, operator or SuperUser.
  'POST /shopping/v2/train/search': TRAIN_BOOKING,
  'POST /order/v2/train/orders': TRAIN_BOOKING,
  'GET /order/v2/train/orders': TRAIN,
  'GET /order/v2/train/orders/:id': TRAIN,
  'GET /order/v2/train/orders/:id/traveller-documents/e-ticket': TRAIN,
  'DELETE /order/v2/train/orders/:id': TRAIN_BOOKING,
  'POST /order/v2/train/orders/:id/payment': TRAIN_BOOKING,
  'POST /order/v2/train/orders/:id/refund': TRAIN_BOOKING,
  'POST /order/v2/train/orders/:id/ticketing': TRAIN_BOOKING,

  // The agency's own money.
  'GET /base/v2/wallet/balances': FINANCE,
  'GET /base/v2/wallet/payment-balances': TICKET,
  'GET /base/v2/wallet/entries': FINANCE,
  'GET /base/v2/wallet/transactions': FINANCE,
  'POST /base/v2/wallet/entries/export': FINANCE,
  'POST /base/v2/wallet/transactions/export': FINANCE,
  'GET /base/v2/wallet/statements': FINANCE,
  'POST /base/v2/wallet/statements/export': FINANCE,
  'GET /order/v2/payments/late-captures': FINANCE,

  // Sub-agencies: the tree, their money, statements, bills, settings and API keys.
  'GET /base/v2/agencies': AGENCY_MANAGER,
  'POST /base/v2/agencies': AGENCY_ADMIN,
  'PUT /base/v2/agencies/:id': AGENCY_ADMIN,
  'DELETE /base/v2/agencies/:id': AGENCY_ADMIN,
  'POST /base/v2/agencies/:id/superuser/password': AGENCY_ADMIN,
  'PUT /base/v2/agencies/:id/logo': AGENCY_ADMIN,
  'GET /base/v2/agencies/:id/logo': SIGNED_IN,
  'GET /base/v2/agencies/:id/config': AGENCY_ADMIN,
  'PUT /base/v2/agencies/:id/config': AGENCY_ADMIN,
  'GET /base/v2/agencies/:id/price-chain': AGENCY_MANAGER,
  'POST /base/v2/agencies/:id/apikey': AGENCY_ADMIN,
  'POST /base/v2/agencies/:id/balance': AGENCY_MANAGER,
  'PUT /base/v2/agencies/:id/credit': AGENCY_MANAGER,
  'GET /base/v2/sub/statements': AGENCY_MANAGER,
  'POST /base/v2/sub/statements': AGENCY_MANAGER,
  'GET /base/v2/sub/statements/:a/:b': AGENCY_MANAGER,
  'GET /base/v2/sub/balance/:id': AGENCY_MANAGER,
  'GET /base/v2/sub/look-to-book': AGENCY_MANAGER,
  'GET /base/v2/sub/bills/:id/entries': AGENCY_BILLS,
  'GET /base/v2/sub/bills/:id/transactions': AGENCY_BILLS,
  'POST /base/v2/sub/bills/:id/entries/export': AGENCY_BILLS,
  'POST /base/v2/sub/bills/:id/transactions/export': AGENCY_BILLS,
};

/** The platform admins of the matrix: they pass platform routes only, never an agency one. */
export const PLATFORM_IDENTITIES: readonly Identity[] = ['platformFinance', 'platformSupport'];

/** Who passes a platform route, by the access name it declares. */
export const PLATFORM_ALLOWED: Partial<Record<RouteAccess, readonly Identity[]>> = {
  public: EVERYONE,
  platform: PLATFORM_IDENTITIES,
  platformFinance: ['platformFinance'],
  platformSupport: ['platformSupport'],
};
