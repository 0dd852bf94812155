import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/domain/flight-order';
import { isCalendarDate } from '@portal/domain/primitives';
import {
  USER_LOG_ACTIONS,
  USER_LOG_OUTCOMES,
  type UserLogAction,
  type UserLogOutcome,
} from '@portal/domain/user-log';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { exportUserLogs, useUserLogs, type UserLogFilterValues, type UserLogParams } from '../api/user-logs';
import { UserLogFilters } from '../components/user-log-filters';
import { UserLogTable } from '../components/user-log-table';

function positive(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

const isAction = (value: string | null): value is UserLogAction =>
  (USER_LOG_ACTIONS as readonly (string | null)[]).includes(value);
const isOutcome = (value: string | null): value is UserLogOutcome =>
  (USER_LOG_OUTCOMES as readonly (string | null)[]).includes(value);

/** The filters and page of the URL (`?action=login_failed&page=2`); invalid values are ignored. */
function readParams(search: URLSearchParams): UserLogParams {
  const params: UserLogParams = {
    page: positive(search.get('page'), 1),
    pageSize: positive(search.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  const userId = positive(search.get('userId'), 0);
  if (userId > 0) params.userId = userId;
  const action = search.get('action');
  if (isAction(action)) params.action = action;
  const outcome = search.get('outcome');
  if (isOutcome(outcome)) params.outcome = outcome;
  for (const key of ['dateFrom', 'dateTo'] as const) {
    const value = search.get(key);
    if (value && isCalendarDate(value)) params[key] = value;
  }
  return params;
}

function writeParams(params: UserLogParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    out.set(key, String(value));
  }
  return out;
}

/** /user-log (SuperUser): the agency's logins, failed logins and changes, filterable and exportable. */
export function UserLogPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const rows = useUserLogs(params);
  const [exporting, setExporting] = useState(false);
  const { page, pageSize, ...filters } = params;

  const handleExport = async () => {
    setExporting(true);
    try {
      const name = await exportUserLogs(filters);
      toast().success(t('userLog.export.done', { name }));
    } catch (error) {
      // A silent error with a text was shown already (the session ended) or was a cancel.
      if (isApiError(error) && error.silent && error.message) return;
      toast().error(error instanceof Error && error.message ? error.message : t('userLog.export.failed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="user-log-page">
      <PageTitle>{t('router.userLog')}</PageTitle>
      <UserLogFilters
        values={filters}
        exporting={exporting}
        canExport={!rows.isError && (rows.data?.total ?? 0) > 0}
        onExport={() => void handleExport()}
        onApply={(values: UserLogFilterValues) => setSearch(writeParams({ page: 1, pageSize, ...values }))}
      />
      {rows.isError ? (
        <QueryError title={t('userLog.list.error')} error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <UserLogTable
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
