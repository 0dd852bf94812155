import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DISRUPTION_STATUSES,
  DISRUPTION_TYPES,
  type DisruptionStatus,
  type DisruptionType,
} from '@portal/domain/after-sales';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/domain/flight-order';
import { PageTitle } from '../../../shared/ui/page-title';
import { useDisruptions, type DisruptionParams } from './api';
import { DisruptionSearch } from './disruption-search';
import { DisruptionsTable } from './disruptions-table';

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

const isType = (value: string | null): value is DisruptionType =>
  (DISRUPTION_TYPES as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is DisruptionStatus =>
  (DISRUPTION_STATUSES as readonly (string | null)[]).includes(value);
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters and page of the URL (`?type=change&page=2`); unknown values are dropped. */
function readParams(search: URLSearchParams): DisruptionParams {
  const params: DisruptionParams = {
    page: positive(search.get('page'), 1),
    pageSize: positive(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  const type = search.get('type');
  if (isType(type)) params.type = type;
  const status = search.get('status');
  if (isStatus(status)) params.status = status;
  const from = search.get('dateFrom');
  if (isDate(from)) params.dateFrom = from;
  const to = search.get('dateTo');
  if (isDate(to)) params.dateTo = to;
  const number = search.get('bookingNumber')?.trim().slice(0, 64);
  if (number) params.bookingNumber = number;
  return params;
}

function writeParams(params: DisruptionParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    out.set(key, String(value));
  }
  return out;
}

/**
 * /flight/orders/disruptions: the schedule events airlines raised on the agency's issued orders,
 * with filters, paging, and the agent's answers (acknowledge; accept the protected flight or ask a
 * refund instead).
 */
export function DisruptionsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const rows = useDisruptions(params);
  const { page, pageSize, ...filters } = params;

  return (
    <div data-testid="flight-disruptions-page">
      <PageTitle>{t('router.flightDisruptions')}</PageTitle>
      <DisruptionSearch
        values={filters}
        onApply={(values) => setSearch(writeParams({ page: 1, pageSize, ...values }))}
      />
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
