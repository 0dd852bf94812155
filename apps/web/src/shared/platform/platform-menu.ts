import { decideNavigation, type PlatformSubject } from '@portal/domain/navigation';

/** An entry of the platform back office's menu: a page of the route table under `/platform`. */
export interface PlatformMenuEntry {
  key: string;
  /** i18n key of the entry's label. */
  labelKey: string;
  path: string;
}

/**
 * The platform menu, in its order. Each area adds its page with one line; an entry shows only to
 * the admins the page's access name lets in (the guard's own decision).
 */
export const PLATFORM_MENU: readonly PlatformMenuEntry[] = [
  { key: 'home', labelKey: 'platformShell.nav.home', path: '/platform' },
  { key: 'applications', labelKey: 'platformShell.nav.applications', path: '/platform/applications' },
  { key: 'agencies', labelKey: 'platformShell.nav.agencies', path: '/platform/agencies' },
  { key: 'audit', labelKey: 'platformShell.nav.audit', path: '/platform/audit' },
  { key: 'funding', labelKey: 'platformShell.nav.funding', path: '/platform/funding' },
  { key: 'rates', labelKey: 'platformRatesShell.nav.rates', path: '/platform/rates' },
  { key: 'site', labelKey: 'platformRatesShell.nav.site', path: '/platform/site' },
];

/** The entries a signed-in platform admin may open. */
export function platformMenuFor(
  platform: PlatformSubject,
  entries: readonly PlatformMenuEntry[] = PLATFORM_MENU,
): PlatformMenuEntry[] {
  return entries.filter(
    (entry) => decideNavigation(entry.path, { subject: null, platform }).kind === 'allow',
  );
}
