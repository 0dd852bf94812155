import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TICKET_STATUSES, type TicketStatus } from '@portal/domain/booking-records';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/domain/flight-order';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { exportVoyages, useVoyages, type VoyageFilterValues, type VoyageParams } from '../voyage/api';
import { VOYAGE_TEXT_FIELDS, VoyageSearch } from '../voyage/voyage-search';
import { VoyageTable } from '../voyage/voyage-table';

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

const isTicketStatus = (value: string | null): value is TicketStatus =>
  (TICKET_STATUSES as readonly (string | null)[]).includes(value);

/** The filters and page of the URL (`?passenger=li&page=2`). */
function readParams(search: URLSearchParams): VoyageParams {
  const params: VoyageParams = {
    page: positive(search.get('page'), 1),
    pageSize: positive(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  for (const key of [...VOYAGE_TEXT_FIELDS, 'dateFrom', 'dateTo'] as const) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  const status = search.get('status');
  if (isTicketStatus(status)) params.status = status;
  return params;
}

function writeParams(params: VoyageParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    out.set(key, String(value));
  }
  return out;
}

/** /flight/orders/voyage: booking records, one row per passenger and segment, with Excel export. */
export function FlightVoyagePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const rows = useVoyages(params);
  const [exporting, setExporting] = useState(false);
  const { page, pageSize, ...filters } = params;

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
        onApply={(values: VoyageFilterValues) => setSearch(writeParams({ page: 1, pageSize, ...values }))}
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
          onChange={(nextPage, nextSize) =>
            setSearch(
              writeParams({ ...filters, page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
            )
          }
        />
      )}
    </div>
  );
}
