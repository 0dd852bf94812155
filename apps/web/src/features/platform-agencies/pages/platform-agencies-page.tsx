import { Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TopAgency } from '@portal/domain/platform-agencies';
import { AGENCY_STATUSES } from '@portal/domain/platform-agency-options';
import { isOneOf, readPaging, useListParams } from '../../../shared/browser/use-list-params';
import { usePlatformAdmin } from '../../../shared/platform/use-platform-admin';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { useResumeAgency, useTopAgencies, type TopAgencyParams } from '../api/agencies';
import { SuspendModal } from '../components/suspend-modal';
import { TopAgenciesTable } from '../components/top-agencies-table';

/** The status and name of the URL (`?status=suspended&keyword=east`); unknown values are ignored. */
function readParams(search: URLSearchParams): TopAgencyParams {
  const params: TopAgencyParams = readPaging(search);
  const status = search.get('status');
  if (isOneOf(AGENCY_STATUSES, status)) params.status = status;
  const keyword = search.get('keyword')?.trim();
  if (keyword) params.keyword = keyword;
  return params;
}

/**
 * /platform/agencies (any platform admin): the top-level agencies with balance, credit,
 * look-to-book and status; platform:support suspends (with a reason) and resumes them.
 */
export function PlatformAgenciesPage() {
  const { t } = useTranslation();
  const { can } = usePlatformAdmin();
  const { params, page, pageSize, filters, applyFilters, changePage } = useListParams(readParams);
  const rows = useTopAgencies(params);
  const resume = useResumeAgency();
  const [suspending, setSuspending] = useState<TopAgency | null>(null);

  return (
    <div data-testid="platform-agencies-page">
      <PageTitle>{t('platformAgencies.title')}</PageTitle>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          defaultValue={filters.keyword}
          aria-label={t('platformAgencies.search')}
          placeholder={t('platformAgencies.search')}
          style={{ width: 320 }}
          onSearch={(value) => applyFilters({ ...filters, keyword: value.trim() || undefined })}
        />
        <Select
          aria-label={t('platformAgencies.column.status')}
          style={{ width: 180 }}
          value={filters.status ?? 'all'}
          onChange={(value: string) =>
            applyFilters({ ...filters, status: isOneOf(AGENCY_STATUSES, value) ? value : undefined })
          }
          options={[
            { value: 'all', label: t('platformAgencies.status.all') },
            ...AGENCY_STATUSES.map((s) => ({ value: s, label: t(`platformAgencies.status.${s}`) })),
          ]}
        />
      </Space>
      {rows.isError ? (
        <QueryError
          title={t('platformAgencies.loadError')}
          error={rows.error}
          onRetry={() => void rows.refetch()}
        />
      ) : (
        <TopAgenciesTable
          data={rows.data}
          page={page}
          pageSize={pageSize}
          loading={rows.isFetching}
          canManage={can('platform:support')}
          resuming={resume.isPending ? (resume.variables ?? null) : null}
          onChange={changePage}
          onSuspend={setSuspending}
          onResume={(agency) => resume.mutate(agency.id)}
        />
      )}
      {suspending && <SuspendModal agency={suspending} onClose={() => setSuspending(null)} />}
    </div>
  );
}
