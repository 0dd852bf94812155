import { useDeferredValue } from 'react';
import type { SiteConfig } from '@portal/domain/auth';
import { useSiteConfigQuery } from '../api/get-site-config';

/** Names and assets used before the site config has loaded. */
export const FALLBACK_SITE: Pick<
  SiteConfig,
  'name' | 'shortName' | 'chineseName' | 'chineseShortName' | 'logo' | 'whiteLogo' | 'favicon'
> = {
  name: 'TripBridge',
  shortName: 'TripBridge',
  chineseName: 'TripBridge',
  chineseShortName: 'TripBridge',
  logo: '/logo.svg',
  whiteLogo: '/logo-white.svg',
  favicon: '/favicon.svg',
};

/**
 * The site config when loaded, else null (callers fall back to FALLBACK_SITE). Deferred: its
 * arrival re-renders the header, footer and title in a low-priority pass that yields to the
 * browser, not in the query update's synchronous one (the names and logos can wait a frame).
 */
export function useSite(): SiteConfig | null {
  return useDeferredValue(useSiteConfigQuery().data ?? null);
}
