import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as siteApi from '@portal/domain/api/platform-site';
import type { SiteConfigBody, SiteImageKind } from '@portal/domain/platform-site';
import { callPlatformApi } from '../../../shared/platform/call-platform-api';

const SITE_KEY = ['platform-site'];

/** GET /platform/v2/site. */
export function usePlatformSite() {
  return useQuery({
    queryKey: SITE_KEY,
    queryFn: () =>
      callPlatformApi<typeof siteApi.getPlatformSite>(
        { method: 'GET', path: '/platform/v2/site' },
        {},
        { skipErrorToast: true },
      ),
  });
}

/** PUT /platform/v2/site and the image uploads; the portal's own site config is fetched again. */
export function useSiteActions() {
  const client = useQueryClient();
  const onSettled = async () => {
    await client.invalidateQueries({ queryKey: SITE_KEY });
    await client.invalidateQueries({ queryKey: ['site-config'] });
  };
  const save = useMutation({
    mutationFn: (body: SiteConfigBody) =>
      callPlatformApi<typeof siteApi.updatePlatformSite>(
        { method: 'PUT', path: '/platform/v2/site' },
        { body },
      ),
    onSettled,
  });
  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: SiteImageKind; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callPlatformApi<typeof siteApi.uploadSiteImage>(
        { method: 'POST', path: '/platform/v2/site/images/:kind' },
        { params: { kind }, body: form },
      );
    },
    onSettled,
  });
  return { save, upload };
}
