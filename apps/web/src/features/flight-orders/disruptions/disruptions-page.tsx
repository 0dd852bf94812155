import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISRUPTION_STATUSES, DISRUPTION_TYPES } from '@portal/domain/after-sales-reasons';
import { isOneOf, readPaging, useListParams } from '../../../shared/browser/use-list-params';
import { PageTitle } from '../../../shared/ui/page-title';
import { useDisruptions, type DisruptionParams } from './api';
import { DisruptionSearch } from './disruption-search';
import { DisruptionsTable } from './disruptions-table';

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters and page of the URL (`?type=change&page=2`); unknown values are dropped. */
function readParams(search: URLSearchParams): DisruptionParams {
  const params: DisruptionParams = readPaging(search);
  const type = search.get('type');
  if (isOneOf(DISRUPTION_TYPES, type)) params.type = type;
  const status = search.get('status');
  if (isOneOf(DISRUPTION_STATUSES, status)) params.status = status;
  const from = search.get('dateFrom');
  if (isDate(from)) params.dateFrom = from;
  const to = search.get('dateTo');
  if (isDate(to)) params.dateTo = to;
  const number = search.get('bookingNumber')?.trim().slice(0, 64);
  if (number) params.bookingNumber = number;
  return params;
}

/**
 * /flight/orders/disruptions: the schedule events airlines raised on the agency's issued orders,
 * with filters, paging, and the agent's answers (acknowledge; accept the protected flight or ask a
 * refund instead).
 */
export function DisruptionsPage() {
  const { t } = useTranslation();
  const { params, page, pageSize, filters, applyFilters, changePage } = useListParams(readParams);
  const rows = useDisruptions(params);

  return (
    <div data-testid="flight-disruptions-page">
      <PageTitle>{t('router.flightDisruptions')}</PageTitle>
      <DisruptionSearch values={filters} onApply={applyFilters} />
      {rows.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="disruptions-error"
          title={t('disruptions.list.error')}
          description={rows.error.message}
          action={
            <Button size="small" onClick={() => void rows.refetch()}>
              {t('disruptions.list.retry')}
            </Button>
          }
        />
      ) : (
        <DisruptionsTable
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
