import type { RouteAccess } from './access';

/** The platform back office's sign-in and landing page; platform pages live under it. */
export const PLATFORM_HOME_PATH = '/platform';

/** The page layouts of the web app: six of the agency portal, and the platform back office's. */
export const LAYOUTS = ['home', 'normal', 'booking', 'order', 'bill', 'agency-manager', 'platform'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface RouteMeta {
  /** react-router style pattern; `:id` matches one path segment. */
  path: string;
  layout: Layout;
  /** i18n key of the page title; absent means the site short name. */
  titleKey?: string;
  /** Reachable without login (spec §2: /, /terms, /privacy, and /profile by the guard). */
  public?: boolean;
  /**
   * Who may enter once logged in (spec §2 guard, §6): the API's route access name (`access.ts`),
   * the one the calls behind the page declare, so that the guard refuses exactly what the menus
   * hide and the API refuses. Absent only on public pages.
   */
  access?: RouteAccess;
}

/** The route table of spec §2, as data. Order matters: literal paths before `:id` patterns. */
export const ROUTES: readonly RouteMeta[] = [
  { path: '/', layout: 'home', public: true },
  { path: '/terms', layout: 'normal', titleKey: 'router.terms', public: true },
  { path: '/privacy', layout: 'normal', titleKey: 'router.privacy', public: true },
  { path: '/profile', layout: 'normal', titleKey: 'router.profile', public: true },
  /** A client quote's link, opened by the traveller (no portal account). */
  { path: '/quote/:token', layout: 'normal', titleKey: 'clientQuotes.page.title', public: true },
  {
    path: '/flight/booking',
    layout: 'booking',
    titleKey: 'router.flightBooking',
    access: 'flight',
  },
  {
    path: '/flight/booking/confirm',
    layout: 'booking',
    titleKey: 'router.flightBookingConfirm',
    access: 'flight',
  },
  {
    path: '/flight/orders',
    layout: 'order',
    titleKey: 'router.flightOrders',
    access: 'flight',
  },
  {
    path: '/flight/orders/voyage',
    layout: 'order',
    titleKey: 'router.flightVoyage',
    access: 'flight',
  },
  {
    path: '/flight/orders/disruptions',
    layout: 'order',
    titleKey: 'router.flightDisruptions',
    access: 'flight',
  },
  {
    path: '/flight/orders/:id',
    layout: 'order',
    titleKey: 'router.flightOrderDetail',
    access: 'flight',
  },
  {
    path: '/flight/group/booking',
    layout: 'booking',
    titleKey: 'router.groupBooking',
    access: 'flight',
  },
  {
    path: '/flight/group/booking/confirm',
    layout: 'booking',
    titleKey: 'router.groupBookingConfirm',
    access: 'flight',
  },
  {
    path: '/flight/group/order',
    layout: 'order',
    titleKey: 'router.groupOrders',
    access: 'flight',
  },
  {
    path: '/flight/group/order/:id',
    layout: 'order',
    titleKey: 'router.groupOrderDetail',
    access: 'flight',
  },
  {
    path: '/train/booking',
    layout: 'booking',
    titleKey: 'router.trainBooking',
    access: 'trainBooking',
  },
  { path: '/train/orders', layout: 'order', titleKey: 'router.trainOrders', access: 'train' },
  {
    path: '/bills/wallet',
    layout: 'bill',
    titleKey: 'router.wallet',
    access: 'finance',
  },
  {
    path: '/bills/transactions',
    layout: 'bill',
    titleKey: 'router.transactions',
    access: 'finance',
  },
  {
    path: '/bills/statements',
    layout: 'bill',
    titleKey: 'router.statements',
    access: 'finance',
  },
  {
    path: '/agency-manager',
    layout: 'agency-manager',
    titleKey: 'router.agencyManager',
    access: 'agencyManager',
  },
  {
    path: '/agency-manager/statements',
    layout: 'agency-manager',
    titleKey: 'router.agencyStatements',
    access: 'agencyManager',
  },
  {
    path: '/agency-manager/bills/:id',
    layout: 'agency-manager',
    titleKey: 'router.agencyBills',
    access: 'agencyBills',
  },
  { path: '/users', layout: 'normal', titleKey: 'router.users', access: 'session' },
  { path: '/user-log', layout: 'normal', titleKey: 'router.userLog', access: 'superuser' },
  { path: '/company', layout: 'normal', titleKey: 'router.company', access: 'superuser' },
  // The platform back office (docs/platform.md): its sign-in, then its pages. Each area adds its
  // pages here with `layout: 'platform'` and a platform access name.
  { path: PLATFORM_HOME_PATH, layout: 'platform', titleKey: 'platformShell.page.home', public: true },
  { path: '/platform/audit', layout: 'platform', titleKey: 'platformShell.page.audit', access: 'platform' },
  {
    path: '/platform/applications',
    layout: 'platform',
    titleKey: 'platformShell.page.applications',
    access: 'platformSupport',
  },
  {
    path: '/platform/agencies',
    layout: 'platform',
    titleKey: 'platformShell.page.agencies',
    access: 'platform',
  },
  {
    path: '/platform/funding',
    layout: 'platform',
    titleKey: 'platformShell.page.funding',
    access: 'platformFinance',
  },
  // Exchange rates, site config and the suppliers of a top-level agency.
  {
    path: '/platform/rates',
    layout: 'platform',
    titleKey: 'platformRatesShell.page.rates',
    access: 'platform',
  },
  {
    path: '/platform/site',
    layout: 'platform',
    titleKey: 'platformRatesShell.page.site',
    access: 'platformSupport',
  },
  {
    path: '/platform/agencies/:id/suppliers',
    layout: 'platform',
    titleKey: 'platformRatesShell.page.suppliers',
    access: 'platformSupport',
  },
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
