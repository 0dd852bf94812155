import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCalendarDate } from '@portal/domain/text-checks';
import { PLATFORM_AUDIT_ACTIONS } from '@portal/domain/platform';
import { isApiError } from '../../../shared/api/api-error';
import { isOneOf, readPaging, useListParams } from '../../../shared/browser/use-list-params';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { exportAudit, usePlatformAudit, type AuditParams } from '../api/platform-audit';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

/** The filters and page of the URL (`?action=session.signIn&page=2`); invalid values are ignored. */
function readParams(search: URLSearchParams): AuditParams {
  const params: AuditParams = readPaging(search);
  const action = search.get('action');
  if (isOneOf(PLATFORM_AUDIT_ACTIONS, action)) params.action = action;
  for (const key of ['admin', 'targetType', 'targetId'] as const) {
    const value = search.get(key)?.trim();
    if (value) params[key] = value.slice(0, 64);
  }
  for (const key of ['from', 'to'] as const) {
    const value = search.get(key);
    if (value && isCalendarDate(value)) params[key] = value;
  }
  return params;
}

/** /platform/audit: every platform action, filterable and exportable, before and after shown. */
export function PlatformAuditPage() {
  const { t } = useTranslation();
  const { params, page, pageSize, filters, applyFilters, changePage } = useListParams(readParams);
  const rows = usePlatformAudit(params);
  const [exporting, setExporting] = useState(false);

  const handleExport = async () => {
    setExporting(true);
    try {
      const name = await exportAudit(filters);
      toast().success(t('platform.audit.export.done', { name }));
    } catch (error) {
      if (isApiError(error) && error.silent && error.message) return;
      toast().error(
        error instanceof Error && error.message ? error.message : t('platform.audit.export.failed'),
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-testid="platform-audit-page">
      <PageTitle>{t('platformShell.page.audit')}</PageTitle>
      <AuditFilters
        values={filters}
        exporting={exporting}
        canExport={!rows.isError && (rows.data?.total ?? 0) > 0}
        onExport={() => void handleExport()}
        onApply={applyFilters}
      />
      {rows.isError ? (
        <QueryError
          title={t('platform.audit.error')}
          error={rows.error}
          onRetry={() => void rows.refetch()}
        />
      ) : (
        <AuditTable
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
