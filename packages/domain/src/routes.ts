import type { Role } from './roles';

/** The six page layouts of the web app. */
export const LAYOUTS = ['home', 'normal', 'booking', 'order', 'bill', 'agency-manager'] as const;
export type Layout = (typeof LAYOUTS)[number];

/**
 * A company-level condition a route needs beyond roles. Flight and train pages need the service
 * (spec §2 guard); bills need finance access and agency management needs an agency manager (spec §6),
 * so that the guard refuses exactly what the menus hide. Train booking is the API's `trainBooking`
 * rule (`hasTrainBooking`: the service and operator or SuperUser), so the page, its menu entry and
 * the calls behind it refuse the same users.
 */
export type RouteCondition =
  'flightService' | 'trainService' | 'trainBooking' | 'financeAccess' | 'agencyManager';

export interface RouteMeta {
  /** react-router style pattern; `:id` matches one path segment. */
  path: string;
  layout: Layout;
  /** i18n key of the page title; absent means the site short name. */
  titleKey?: string;
  /** Reachable without login (spec §2: /, /terms, /privacy, and /profile by the guard). */
  public?: boolean;
  /** One of these roles is required; SuperUser passes. Absent means any logged-in user. */
  roles?: readonly Role[];
  /** Permission list checked with `hasPermission`. */
  permission?: readonly string[];
  requires?: RouteCondition;
}

/** The route table of spec §2, as data. Order matters: literal paths before `:id` patterns. */
export const ROUTES: readonly RouteMeta[] = [
  { path: '/', layout: 'home', public: true },
  { path: '/terms', layout: 'normal', titleKey: 'router.terms', public: true },
  { path: '/privacy', layout: 'normal', titleKey: 'router.privacy', public: true },
  { path: '/profile', layout: 'normal', titleKey: 'router.profile', public: true },
  {
    path: '/flight/booking',
    layout: 'booking',
    titleKey: 'router.flightBooking',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/booking/confirm',
    layout: 'booking',
    titleKey: 'router.flightBookingConfirm',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/orders',
    layout: 'order',
    titleKey: 'router.flightOrders',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/orders/voyage',
    layout: 'order',
    titleKey: 'router.flightVoyage',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/orders/disruptions',
    layout: 'order',
    titleKey: 'router.flightDisruptions',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/orders/:id',
    layout: 'order',
    titleKey: 'router.flightOrderDetail',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/group/booking',
    layout: 'booking',
    titleKey: 'router.groupBooking',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/group/booking/confirm',
    layout: 'booking',
    titleKey: 'router.groupBookingConfirm',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/group/order',
    layout: 'order',
    titleKey: 'router.groupOrders',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/flight/group/order/:id',
    layout: 'order',
    titleKey: 'router.groupOrderDetail',
    roles: ['operator'],
    requires: 'flightService',
  },
  {
    path: '/train/booking',
    layout: 'booking',
    titleKey: 'router.trainBooking',
    roles: ['operator'],
    requires: 'trainBooking',
  },
  { path: '/train/orders', layout: 'order', titleKey: 'router.trainOrders', requires: 'trainService' },
  {
    path: '/bills/wallet',
    layout: 'bill',
    titleKey: 'router.wallet',
    roles: ['finance'],
    requires: 'financeAccess',
  },
  {
    path: '/bills/transactions',
    layout: 'bill',
    titleKey: 'router.transactions',
    roles: ['finance'],
    requires: 'financeAccess',
  },
  {
    path: '/bills/statements',
    layout: 'bill',
    titleKey: 'router.statements',
    roles: ['finance'],
    requires: 'financeAccess',
  },
  {
    path: '/agency-manager',
    layout: 'agency-manager',
    titleKey: 'router.agencyManager',
    roles: ['finance'],
    requires: 'agencyManager',
  },
  {
    path: '/agency-manager/statements',
    layout: 'agency-manager',
    titleKey: 'router.agencyStatements',
    roles: ['finance'],
    requires: 'agencyManager',
  },
  {
    path: '/agency-manager/bills/:id',
    layout: 'agency-manager',
    titleKey: 'router.agencyBills',
    permission: ['agencybills:read'],
    requires: 'agencyManager',
  },
  { path: '/users', layout: 'normal', titleKey: 'router.users' },
  { path: '/user-log', layout: 'normal', titleKey: 'router.userLog', roles: ['SuperUser'] },
  { path: '/company', layout: 'normal', titleKey: 'router.company', roles: ['SuperUser'] },
];

/** Finds the route whose pattern matches `pathname` (query and hash ignored, trailing slash tolerated). */
export function matchRoute(
  pathname: string,
): { route: RouteMeta; params: Record<string, string> } | undefined {
  const clean = pathname.split(/[?#]/)[0] ?? '/';
  const segments = clean.split('/').filter(Boolean);
  for (const route of ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      }
      return part === segment;
    });
    if (matches) return { route, params };
  }
  return undefined;
}
