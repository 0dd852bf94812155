import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TopAgency, TopAgencyList } from '@portal/domain/platform-agencies';
import { formatMoney } from '../../../shared/money/format-money';
import { PagedTable } from '../../../shared/ui/paged-table';

interface TopAgenciesTableProps {
  data: TopAgencyList | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  /** Whether the admin may suspend and resume (platform:support). */
  canManage: boolean;
  resuming: number | null;
  onChange: (page: number, pageSize: number) => void;
  onSuspend: (agency: TopAgency) => void;
  onResume: (agency: TopAgency) => void;
}

/** The top-level agencies of one page with their money, look-to-book, status and actions. */
export function TopAgenciesTable(props: TopAgenciesTableProps) {
  const { t } = useTranslation();
  const { canManage, resuming, onSuspend, onResume } = props;
  const columns: ColumnsType<TopAgency> = [
    { key: 'name', title: t('platformAgencies.column.name'), dataIndex: 'name' },
    { key: 'partnerCode', title: t('platformAgencies.column.partnerCode'), dataIndex: 'partnerCode' },
    {
      key: 'status',
      title: t('platformAgencies.column.status'),
      render: (_, row) =>
        row.status === 'suspended' ? (
          <Tooltip title={row.suspensionReason}>
            <Tag color="red">{t('platformAgencies.status.suspended')}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">{t('platformAgencies.status.active')}</Tag>
        ),
    },
    {
      key: 'balance',
      title: t('platformAgencies.column.balance'),
      align: 'right',
      render: (_, row) => formatMoney(row.wallet.balance),
    },
    {
      key: 'credit',
      title: t('platformAgencies.column.credit'),
      align: 'right',
      render: (_, row) => formatMoney(row.wallet.creditLimit),
    },
    {
      key: 'lookToBook',
      title: t('platformAgencies.column.lookToBook'),
      align: 'right',
      render: (_, row) =>
        t('platformAgencies.lookToBook', {
          ratio: row.lookToBook.ratio ?? '—',
          searches: row.lookToBook.searches,
          bookings: row.lookToBook.bookings,
        }),
    },
    {
      key: 'subAgencies',
      title: t('platformAgencies.column.subAgencies'),
      align: 'right',
      dataIndex: 'subAgencies',
    },
    {
      key: 'actions',
      title: t('platformAgencies.column.actions'),
      render: (_, row) => (
        <Space wrap>
          <Link to={`/platform/agencies/${row.id}/suppliers`}>{t('platformAgencies.action.suppliers')}</Link>
          {canManage && row.status === 'active' && (
            <Button size="small" danger onClick={() => onSuspend(row)}>
              {t('platformAgencies.action.suspend')}
            </Button>
          )}
          {canManage && row.status === 'suspended' && (
            <Popconfirm
              title={t('platformAgencies.resume.confirm', { name: row.name })}
              okText={t('platformAgencies.resume.ok')}
              cancelText={t('platformAgencies.resume.cancel')}
              onConfirm={() => onResume(row)}
            >
              <Button size="small" loading={resuming === row.id}>
                {t('platformAgencies.action.resume')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <PagedTable<TopAgency>
      testId="platform-agencies-table"
      label={t('platformAgencies.title')}
      keyColumn="name"
      actionColumn="actions"
      rowKey="id"
      columns={columns}
      data={props.data}
      page={props.page}
      pageSize={props.pageSize}
      loading={props.loading}
      emptyText={t('platformAgencies.empty')}
      totalText={(total) => t('platformAgencies.total', { total })}
      onChange={(nextPage, nextSize) => props.onChange(nextPage, nextSize)}
    />
  );
}
