import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCalendarDate } from '@portal/domain/text-checks';
import { USER_LOG_ACTIONS, USER_LOG_OUTCOMES } from '@portal/domain/user-log-actions';
import { isApiError } from '../../../shared/api/api-error';
import { isOneOf, positiveParam, readPaging, useListParams } from '../../../shared/browser/use-list-params';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { exportUserLogs, useUserLogs, type UserLogParams } from '../api/user-logs';
import { UserLogFilters } from '../components/user-log-filters';
import { UserLogTable } from '../components/user-log-table';

/** The filters and page of the URL (`?action=login_failed&page=2`); invalid values are ignored. */
function readParams(search: URLSearchParams): UserLogParams {
  const params: UserLogParams = readPaging(search);
  const userId = positiveParam(search.get('userId'), 0);
  if (userId > 0) params.userId = userId;
  const action = search.get('action');
  if (isOneOf(USER_LOG_ACTIONS, action)) params.action = action;
  const outcome = search.get('outcome');
  if (isOneOf(USER_LOG_OUTCOMES, outcome)) params.outcome = outcome;
  for (const key of ['dateFrom', 'dateTo'] as const) {
    const value = search.get(key);
    if (value && isCalendarDate(value)) params[key] = value;
  }
  return params;
}

/** /user-log (SuperUser): the agency's logins, failed logins and changes, filterable and exportable. */
export function UserLogPage() {
  const { t } = useTranslation();
  const { params, page, pageSize, filters, applyFilters, changePage } = useListParams(readParams);
  const rows = useUserLogs(params);
  const [exporting, setExporting] = useState(false);

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
        onApply={applyFilters}
      />
      {rows.isError ? (
        <QueryError title={t('userLog.list.error')} error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <UserLogTable
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
