import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@portal/domain/auth';
import { SITE_CONFIG_MAX_AGE_MS } from '@portal/domain/limits';
import type { getSiteConfig as GetSiteConfig } from '@portal/domain/api/site';
import { callApi } from '../../../shared/api/call-api';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';

/** GET /base/v2/config/getSiteConfig (public). */
export function getSiteConfig(): Promise<SiteConfig> {
  return callApi<typeof GetSiteConfig>(
    { method: 'GET', path: '/base/v2/config/getSiteConfig' },
    {},
    { skipErrorToast: true },
  );
}

/**
 * The site config, cached in the preferences store with its load time and refetched when older
 * than 10 minutes or never loaded (spec §3).
 */
export function useSiteConfigQuery() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: async () => {
      const site = await getSiteConfig();
      usePreferencesStore.getState().setSite(site, Date.now());
      return site;
    },
    // Read once, when the query is created: subscribing to the store would render every reader
    // again when the fetched config is stored, besides the render the query's update causes.
    initialData: () => usePreferencesStore.getState().site ?? undefined,
    initialDataUpdatedAt: () => {
      const { site, lastUpdateTime } = usePreferencesStore.getState();
      return site ? lastUpdateTime : undefined;
    },
    staleTime: SITE_CONFIG_MAX_AGE_MS,
    retry: false,
  });
}
