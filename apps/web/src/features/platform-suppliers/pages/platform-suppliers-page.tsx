import { Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AgencySuppliers, AgencySuppliersBody } from '@portal/domain/platform-suppliers';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useAgencySuppliers, useSaveAgencySuppliers } from '../api/platform-suppliers';
import { SupplierChoice } from '../components/supplier-choice';

function SuppliersForm({ id, data }: { id: number; data: AgencySuppliers }) {
  const { t } = useTranslation();
  const save = useSaveAgencySuppliers(id);
  const [value, setValue] = useState<AgencySuppliersBody>({
    flight: data.flight.allowed,
    rail: data.rail.allowed,
  });
  const handleSave = () =>
    save.mutate(value, {
      onSuccess: () => toast().success(t('platformRates.suppliers.saved')),
      onError: (error) => {
        if (isApiError(error) && error.silent) return;
        toast().error(error.message || t('platformRates.common.failed'));
      },
    });
  return (
    <Card title={t('platformRates.suppliers.for', { name: data.agencyName })}>
      <p>{t('platformRates.suppliers.hint')}</p>
      {(['flight', 'rail'] as const).map((kind) => (
        <SupplierChoice
          key={kind}
          kind={kind}
          configured={data[kind].configured}
          optIn={data[kind].optIn}
          testMode={data[kind].testMode}
          value={value[kind]}
          onChange={(next) => setValue((v) => ({ ...v, [kind]: next }))}
        />
      ))}
      <Button type="primary" loading={save.isPending} onClick={handleSave}>
        {t('platformRates.suppliers.save')}
      </Button>
    </Card>
  );
}

/** /platform/agencies/:id/suppliers: the suppliers a top-level agency and its sub-agencies may use. */
export function PlatformSuppliersPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const suppliers = useAgencySuppliers(id);
  return (
    <div data-testid="platform-suppliers-page">
      <PageTitle>{t('platformRatesShell.page.suppliers')}</PageTitle>
      {suppliers.isError && (
        <QueryError
          title={t('platformRates.suppliers.error')}
          error={suppliers.error}
          onRetry={() => void suppliers.refetch()}
        />
      )}
      {suppliers.isPending && <Skeleton active />}
      {suppliers.data && <SuppliersForm key={suppliers.dataUpdatedAt} id={id} data={suppliers.data} />}
    </div>
  );
}
