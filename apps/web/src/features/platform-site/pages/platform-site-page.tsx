import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiteConfigBody, SiteImageKind } from '@portal/domain/platform-site';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { usePlatformSite, useSiteActions } from '../api/platform-site';
import { SiteConfigForm } from '../components/site-config-form';
import { SiteImages } from '../components/site-images';

/** /platform/site: the site config `getSiteConfig` serves, and its images. */
export function PlatformSitePage() {
  const { t } = useTranslation();
  const site = usePlatformSite();
  const { save, upload } = useSiteActions();
  const fail = (error: unknown) => {
    if (isApiError(error) && error.silent) return;
    toast().error(error instanceof Error && error.message ? error.message : t('platformRates.common.failed'));
  };
  const handleSave = (body: SiteConfigBody) =>
    save.mutate(body, { onSuccess: () => toast().success(t('platformRates.site.saved')), onError: fail });
  const handleUpload = (kind: SiteImageKind, file: File) =>
    upload.mutate(
      { kind, file },
      { onSuccess: () => toast().success(t('platformRates.site.saved')), onError: fail },
    );

  return (
    <div data-testid="platform-site-page">
      <PageTitle>{t('platformRatesShell.page.site')}</PageTitle>
      {site.isError && (
        <QueryError
          title={t('platformRates.site.error.load')}
          error={site.error}
          onRetry={() => void site.refetch()}
        />
      )}
      {site.isPending && <Skeleton active />}
      {site.data && (
        <>
          <Card title={t('platformRates.site.images')} style={{ marginBottom: 16 }}>
            <SiteImages images={site.data} uploading={upload.isPending} onUpload={handleUpload} />
          </Card>
          <Card title={t('platformRates.site.settings')}>
            <SiteConfigForm site={site.data} saving={save.isPending} onSave={handleSave} />
          </Card>
        </>
      )}
    </div>
  );
}
