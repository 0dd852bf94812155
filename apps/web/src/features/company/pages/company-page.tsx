import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpdateCompanyBody } from '@portal/domain/company';
import { useSessionStore } from '../../../shared/stores/session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useCompany, useUpdateCompany } from '../api/company';
import { CompanyForm } from '../components/company-form';

/** /company (SuperUser): the agency's own profile, loaded, edited and saved as a whole. */
export function CompanyPage() {
  const { t } = useTranslation();
  const query = useCompany();
  const update = useUpdateCompany();
  const defaultRegion = useSessionStore((s) => s.userInfo?.config.defaultRegion);

  const handleSave = (body: UpdateCompanyBody) => {
    update.mutate(body, {
      onSuccess: (company) => {
        const current = useSessionStore.getState().company;
        if (current)
          useSessionStore.setState({ company: { ...current, name: company.name, alias: company.alias } });
        void toast().success(t('companyPage.saved'));
      },
      // Errors are shown by the client.
    });
  };

  return (
    <section>
      <PageTitle>{t('router.company')}</PageTitle>
      {query.isPending ? (
        <Spin aria-label={t('common.loadingIndicator')} />
      ) : query.isError ? (
        <QueryError
          title={t('companyPage.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <CompanyForm
          key={query.data.id}
          company={query.data}
          defaultRegion={defaultRegion}
          saving={update.isPending}
          onSave={handleSave}
        />
      )}
    </section>
  );
}
