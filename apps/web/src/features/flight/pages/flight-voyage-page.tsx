import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES } from '@portal/domain/ticket-statuses';
import { isOneOf, readPaging, useListParams } from '../../../shared/browser/use-list-params';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { exportVoyages, useVoyages, type VoyageParams } from '../voyage/api';
import { VOYAGE_TEXT_FIELDS, VoyageSearch } from '../voyage/voyage-search';
import { VoyageTable } from '../voyage/voyage-table';

/** The filters and page of the URL (`?passenger=li&page=2`). */
function readParams(search: URLSearchParams): VoyageParams {
  const params: VoyageParams = readPaging(search);
  for (const key of [...VOYAGE_TEXT_FIELDS, 'dateFrom', 'dateTo'] as const) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  const status = search.get('status');
  if (isOneOf(TICKET_STATUSES, status)) params.status = status;
  return params;
}

/** /flight/orders/voyage: booking records, one row per passenger and segment, with Excel export. */
export function FlightVoyagePage() {
  const { t } = useTranslation();
  const { params, page, pageSize, filters, applyFilters, changePage } = useListParams(readParams);
  const rows = useVoyages(params);
  const [exporting, setExporting] = useState(false);

  const handleExport = async () => {
    setExporting(true);
    try {
      const name = await exportVoyages(filters);
      toast().success(t('voyage.export.done', { name }));
    } catch {
      // The client has shown the server's message.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="flight-voyage-page">
      <PageTitle>{t('router.flightVoyage')}</PageTitle>
      <VoyageSearch
        values={filters}
        exporting={exporting}
        onExport={() => void handleExport()}
        onApply={applyFilters}
      />
      {rows.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="voyage-error"
          title={t('voyage.list.error')}
          description={rows.error.message}
          action={
            <Button size="small" onClick={() => void rows.refetch()}>
              {t('voyage.list.retry')}
            </Button>
          }
        />
      ) : (
        <VoyageTable
          data={rows.data}
          page={page}
          pageSize={pageSize}
          loading={rows.isFetching}
          onChange={changePage}
        />
      )}
    </div>
  );
}
