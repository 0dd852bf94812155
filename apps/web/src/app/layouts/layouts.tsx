import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { Layout } from '@portal/domain/routes';
import type { MenuSection } from '../components/section-side-menu';
import { AppShell } from './app-shell';

// The side menus (antd Menu, live counts) load with the section pages, never with the login page.
const LazySideMenu = lazy(async () => ({
  default: (await import('../components/section-side-menu')).SectionSideMenu,
}));

function SectionSideMenu({ section }: { section: MenuSection }) {
  return (
    <Suspense fallback={null}>
      <LazySideMenu section={section} />
    </Suspense>
  );
}

// The platform back office's frame loads with its pages, never with the agency portal's.
const LazyPlatformShell = lazy(async () => ({
  default: (await import('./platform-shell')).PlatformShell,
}));

type LayoutProps = { children: ReactNode };

/** Home: the hero and login, centred. */
export function HomeLayout({ children }: LayoutProps) {
  return (
    <AppShell layout="home" maxWidth={1100}>
      {children}
    </AppShell>
  );
}

/** Normal pages (account, users, company, legal): a readable column. */
export function NormalLayout({ children }: LayoutProps) {
  return (
    <AppShell layout="normal" maxWidth={1200}>
      {children}
    </AppShell>
  );
}

/** Booking pages: full width for search forms and result lists. */
export function BookingLayout({ children }: LayoutProps) {
  return <AppShell layout="booking">{children}</AppShell>;
}

/** Order pages: the My Bookings entries beside the content. */
export function OrderLayout({ children }: LayoutProps) {
  return (
    <AppShell layout="order" side={<SectionSideMenu section="bookings" />}>
      {children}
    </AppShell>
  );
}

/** Bill pages: the Wallet & Invoicing entries beside the content. */
export function BillLayout({ children }: LayoutProps) {
  return (
    <AppShell layout="bill" side={<SectionSideMenu section="bills" />}>
      {children}
    </AppShell>
  );
}

/** Agency management pages: the agency entries beside the content. */
export function AgencyManagerLayout({ children }: LayoutProps) {
  return (
    <AppShell layout="agency-manager" side={<SectionSideMenu section="agency" />}>
      {children}
    </AppShell>
  );
}

/** The platform back office: its own header, menu and sign-out (`platform-shell.tsx`). */
export function PlatformLayout({ children }: LayoutProps) {
  return (
    <Suspense fallback={null}>
      <LazyPlatformShell>{children}</LazyPlatformShell>
    </Suspense>
  );
}

/** The layout component for each layout name of the route table. */
export const LAYOUTS: Record<Layout, ComponentType<LayoutProps>> = {
  home: HomeLayout,
  normal: NormalLayout,
  booking: BookingLayout,
  order: OrderLayout,
  bill: BillLayout,
  'agency-manager': AgencyManagerLayout,
  platform: PlatformLayout,
};
