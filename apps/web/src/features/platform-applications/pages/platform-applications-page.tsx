import { Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STATUSES } from '@portal/domain/application-status';
import { isOneOf, readPaging, useListParams } from '../../../shared/browser/use-list-params';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useApplications, type ApplicationParams } from '../api/applications';
import { ApplicationDrawer } from '../components/application-drawer';
import { ApplicationsTable } from '../components/applications-table';

/** The status and keyword of the URL (`?status=contacted&keyword=lee`); unknown values are ignored. */
function readParams(search: URLSearchParams): ApplicationParams {
  const params: ApplicationParams = readPaging(search);
  const status = search.get('status');
  if (isOneOf(APPLICATION_STATUSES, status)) params.status = status;
  const keyword = search.get('keyword')?.trim();
  if (keyword) params.keyword = keyword;
  return params;
}

const ALL = 'all';

/**
 * /platform/applications (platform:support): the partnership enquiries, newest first, in status
 * tabs with their counts; a row opens its drawer (fields, notes, status actions, conversion).
 */
export function PlatformApplicationsPage() {
  const { t } = useTranslation();
  const { params, page, pageSize, filters, applyFilters, changePage } = useListParams(readParams);
  const rows = useApplications(params);
  const [openId, setOpenId] = useState<string | null>(null);
  const counts = new Map(rows.data?.counts.map((c) => [c.status, c.cnt]));
  const all = rows.data?.counts.reduce((sum, c) => sum + c.cnt, 0);
  const label = (text: string, count: number | undefined) =>
    count === undefined ? text : `${text} (${count})`;

  return (
    <div data-testid="platform-applications-page">
      <PageTitle>{t('platformApplications.title')}</PageTitle>
      <Input.Search
        allowClear
        defaultValue={filters.keyword}
        aria-label={t('platformApplications.search')}
        placeholder={t('platformApplications.search')}
        style={{ maxWidth: 360, marginBottom: 12 }}
        onSearch={(value) => applyFilters({ ...filters, keyword: value.trim() || undefined })}
      />
      <Tabs
        activeKey={filters.status ?? ALL}
        onChange={(key) =>
          applyFilters({ ...filters, status: isOneOf(APPLICATION_STATUSES, key) ? key : undefined })
        }
        items={[
          { key: ALL, label: label(t('platformApplications.status.all'), all) },
          ...APPLICATION_STATUSES.map((status) => ({
            key: status,
            label: label(t(`platformApplications.status.${status}`), counts.get(status)),
          })),
        ]}
      />
      {rows.isError ? (
        <QueryError
          title={t('platformApplications.loadError')}
          error={rows.error}
          onRetry={() => void rows.refetch()}
        />
      ) : (
        <ApplicationsTable
          data={rows.data}
          page={page}
          pageSize={pageSize}
          loading={rows.isFetching}
          onChange={changePage}
          onOpen={setOpenId}
        />
      )}
      <ApplicationDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
