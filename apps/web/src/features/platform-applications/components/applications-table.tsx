import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Application, ApplicationList } from '@portal/domain/platform-agencies';
import { formatDateTime } from '../../../shared/dates/format-date';
import { PagedTable } from '../../../shared/ui/paged-table';

export const STATUS_COLORS = {
  new: 'blue',
  contacted: 'gold',
  converted: 'green',
  declined: 'default',
} as const;

interface ApplicationsTableProps {
  data: ApplicationList | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  onChange: (page: number, pageSize: number) => void;
  onOpen: (id: string) => void;
}

/** The applications of one page; each row opens its drawer. */
export function ApplicationsTable({
  data,
  page,
  pageSize,
  loading,
  onChange,
  onOpen,
}: ApplicationsTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<Application> = [
    {
      key: 'name',
      title: t('platformApplications.column.name'),
      render: (_, row) => (
        <Button type="link" onClick={() => onOpen(row.id)} style={{ padding: 0 }}>
          {row.name}
        </Button>
      ),
    },
    {
      key: 'company',
      title: t('platformApplications.column.company'),
      render: (_, row) => row.companyName ?? '',
    },
    { key: 'email', title: t('platformApplications.column.email'), render: (_, row) => row.email ?? '' },
    {
      key: 'phone',
      title: t('platformApplications.column.phone'),
      render: (_, row) => (row.phone ? `+${row.phoneAreaCode ?? ''} ${row.phone}` : ''),
    },
    { key: 'country', title: t('platformApplications.column.country'), dataIndex: 'country' },
    {
      key: 'status',
      title: t('platformApplications.column.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLORS[row.status]}>{t(`platformApplications.status.${row.status}`)}</Tag>
      ),
    },
    {
      key: 'createdAt',
      title: t('platformApplications.column.createdAt'),
      render: (_, row) => formatDateTime(row.createdAt),
    },
  ];
  return (
    <PagedTable<Application>
      testId="platform-applications-table"
      label={t('platformApplications.title')}
      keyColumn="name"
      rowKey="id"
      columns={columns}
      data={data}
      page={page}
      pageSize={pageSize}
      loading={loading}
      emptyText={t('platformApplications.empty')}
      totalText={(total) => t('platformApplications.total', { total })}
      onChange={(nextPage, nextSize) => onChange(nextPage, nextSize)}
    />
  );
}
