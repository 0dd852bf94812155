import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import { matchRoute } from '@portal/domain/routes';
import { loadLocaleParts } from '../shared/i18n/i18n';
import type { LocalePart } from '../shared/i18n/locale-parts';

/** A route's page: renders the page lazily, and can start its download before the first render. */
export type Page = ComponentType & {
  /**
   * Downloads the page and its texts; when they are in before the page first renders, it renders
   * them at once, without the loading state in between. Never rejects: a failed download is the
   * page's own render's to retry and report.
   */
  preload(): Promise<void>;
};

interface Download {
  component: LazyExoticComponent<ComponentType>;
  /** The page itself, when `preload` fetched it before the first render (the lazy one is not used then). */
  ready?: ComponentType;
  /** The navigation (location key) that first rendered it. */
  visit?: string;
  failed: boolean;
}

/**
 * Lazy-loads the named export `name` of a page module, with the `parts` of the locale files its
 * texts are in (`shared/i18n/locale-parts.ts`; the core is always there): the page renders once
 * both are in, so it never shows a key instead of its text. React keeps a lazy component's failed
 * load for good, so a page whose download failed once (a network blip, a deploy that replaced the
 * chunks) would fail until a full reload. Here the failure goes to the page error screen for that
 * navigation (`page-error-boundary.tsx`), and the next navigation to the page downloads it again.
 *
 * A lazy component shows its loading state on its first render even when its module is already
 * in. `preload` (what `main.tsx` runs for the opened page beside the texts) avoids that on the
 * first page of a visit, where the loading state would replace the page's first paint and make
 * the page jump.
 */
export function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  parts: readonly LocalePart[] = [],
): Page {
  const fetchPage = async (): Promise<ComponentType> => {
    const [module] = await Promise.all([load(), loadLocaleParts(parts)]);
    const component = module[name];
    if (typeof component !== 'function') throw new Error(`Page ${name} is missing`);
    return component as ComponentType;
  };
  const create = (): Download => {
    const download: Download = {
      failed: false,
      component: lazy(async () => {
        try {
          return { default: await fetchPage() };
        } catch (error) {
          download.failed = true;
          throw error;
        }
      }),
    };
    return download;
  };
  let download = create();
  function RoutePage() {
    const { key } = useLocation();
    if (download.failed && download.visit !== key) download = create();
    download.visit ??= key;
    // One component type for the page's whole life: switching would remount it and lose its state.
    return createElement(download.ready ?? download.component);
  }
  RoutePage.displayName = `Page(${name})`;
  RoutePage.preload = async () => {
    const target = download;
    try {
      const component = await fetchPage();
      if (target === download && target.visit === undefined) target.ready = component;
    } catch {
      // The page's render downloads it again and shows the failure on the page error screen.
    }
  };
  return RoutePage;
}

/**
 * Starts the download of the page the route table gives `pathname` (`Page.preload`); resolves
 * when it is in or has failed, at once when no route matches.
 */
export function preloadRoutePage(pathname: string): Promise<void> {
  try {
    const match = matchRoute(pathname);
    const routePage = match ? ROUTE_PAGES[match.route.path] : undefined;
    return routePage ? routePage.preload() : Promise.resolve();
  } catch {
    // A malformed address: the guard decides what it shows.
    return Promise.resolve();
  }
}

/** The page component of every route-table path (see the test that checks none is missing). */
export const ROUTE_PAGES: Record<string, Page> = {
  '/': page(() => import('./pages/home-page'), 'HomePage'),
  '/terms': page(() => import('../features/legal/pages/terms-page'), 'TermsPage', ['legal']),
  '/privacy': page(() => import('../features/legal/pages/privacy-page'), 'PrivacyPage', ['legal']),
  '/quote/:token': page(() => import('../features/client-quote/pages/quote-page'), 'QuotePage', ['booking']),
  '/profile': page(() => import('../features/profile/pages/profile-page'), 'ProfilePage', [
    'account',
    'booking',
  ]),
  '/flight/booking': page(() => import('./pages/flight-booking-page'), 'FlightBookingPage', [
    'flight',
    'booking',
  ]),
  '/flight/booking/confirm': page(
    () => import('./pages/flight-booking-confirm-page'),
    'FlightBookingConfirmPage',
    ['flight', 'booking', 'orders'],
  ),
  '/flight/orders': page(() => import('./pages/flight-orders-page'), 'FlightOrdersPage', ['orders']),
  '/flight/orders/voyage': page(
    () => import('../features/flight/pages/flight-voyage-page'),
    'FlightVoyagePage',
    ['orders', 'flight'],
  ),
  '/flight/orders/disruptions': page(
    () => import('../features/flight-orders/disruptions/disruptions-page'),
    'DisruptionsPage',
    ['orders'],
  ),
  '/flight/orders/:id': page(() => import('./pages/flight-order-detail-page'), 'FlightOrderDetailPage', [
    'orders',
    'flight',
    'booking',
    'bills',
  ]),
  '/flight/group/booking': page(
    () => import('../features/group/pages/group-booking-page'),
    'GroupBookingPage',
    ['group', 'flight'],
  ),
  '/flight/group/booking/confirm': page(
    () => import('../features/group/pages/group-booking-confirm-page'),
    'GroupBookingConfirmPage',
    ['group', 'flight'],
  ),
  '/flight/group/order': page(() => import('../features/group/pages/group-orders-page'), 'GroupOrdersPage', [
    'group',
  ]),
  '/flight/group/order/:id': page(
    () => import('../features/group/pages/group-order-detail-page'),
    'GroupOrderDetailPage',
    ['group', 'flight', 'booking', 'orders'],
  ),
  '/train/booking': page(() => import('../features/train/pages/train-booking-page'), 'TrainBookingPage', [
    'train',
    'booking',
  ]),
  '/train/orders': page(() => import('../features/train/pages/train-orders-page'), 'TrainOrdersPage', [
    'train',
    'booking',
  ]),
  '/bills/wallet': page(() => import('../features/bills/pages/wallet-page'), 'WalletPage', ['bills']),
  '/bills/transactions': page(() => import('../features/bills/pages/transactions-page'), 'TransactionsPage', [
    'bills',
  ]),
  '/bills/statements': page(() => import('../features/bills/pages/statements-page'), 'StatementsPage', [
    'bills',
  ]),
  '/agency-manager': page(() => import('../features/agency-manager/pages/agencies-page'), 'AgenciesPage', [
    'agency',
    'flight',
    'admin',
  ]),
  '/agency-manager/statements': page(
    () => import('../features/agency-manager/pages/agency-statements-page'),
    'AgencyStatementsPage',
    ['agency', 'bills'],
  ),
  '/agency-manager/bills/:id': page(
    () => import('../features/agency-manager/pages/agency-bills-page'),
    'AgencyBillsPage',
    ['agency', 'bills'],
  ),
  '/users': page(() => import('../features/users/pages/users-page'), 'UsersPage', ['admin']),
  '/user-log': page(() => import('../features/user-log/pages/user-log-page'), 'UserLogPage', ['admin']),
  '/company': page(() => import('../features/company/pages/company-page'), 'CompanyPage', ['admin']),
  // The platform back office: each page loads the platform part of the texts.
  '/platform': page(() => import('../features/platform-auth/pages/platform-home-page'), 'PlatformHomePage', [
    'platform',
  ]),
  '/platform/audit': page(
    () => import('../features/platform-audit/pages/platform-audit-page'),
    'PlatformAuditPage',
    ['platform'],
  ),
  '/platform/applications': page(
    () => import('../features/platform-applications/pages/platform-applications-page'),
    'PlatformApplicationsPage',
    ['platform'],
  ),
  '/platform/agencies': page(
    () => import('../features/platform-agencies/pages/platform-agencies-page'),
    'PlatformAgenciesPage',
    ['platform'],
  ),
  '/platform/funding': page(
    () => import('../features/platform-funding/pages/platform-funding-page'),
    'PlatformFundingPage',
    ['platform'],
  ),
  '/platform/rates': page(
    () => import('../features/platform-rates/pages/platform-rates-page'),
    'PlatformRatesPage',
    ['platform'],
  ),
  '/platform/site': page(
    () => import('../features/platform-site/pages/platform-site-page'),
    'PlatformSitePage',
    ['platform'],
  ),
  '/platform/agencies/:id/suppliers': page(
    () => import('../features/platform-suppliers/pages/platform-suppliers-page'),
    'PlatformSuppliersPage',
    ['platform'],
  ),
};
