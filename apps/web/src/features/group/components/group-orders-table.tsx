import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupOrderList, GroupOrderListItem } from '@portal/domain/group-order';
import { formatDate, formatDateTime } from '../../../shared/dates/format-date';
import { DataTable } from '../../../shared/ui/data-table';
import { money } from '../lib/format';
import { Countdown } from './countdown';
import { GroupStatusTag } from './group-status-tag';

interface GroupOrdersTableProps {
  data: GroupOrderList | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  sortOrder: 'ascend' | 'descend';
  onChange: (page: number, pageSize: number, order: 'ascend' | 'descend') => void;
}

/** The paged group order list: booking number (opens the order), route, status, money and the next deadline. */
export function GroupOrdersTable({
  data,
  page,
  pageSize,
  loading,
  sortOrder,
  onChange,
}: GroupOrdersTableProps) {
  const { t } = useTranslation();
  return (
    <DataTable<GroupOrderListItem>
      data-testid="group-orders-table"
      label={t('router.groupOrders')}
      keyColumn="bookingNumber"
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={data?.list ?? []}
      locale={{ emptyText: t('groupOrders.list.empty') }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('groupOrders.list.total', { count: total }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const order = !Array.isArray(sorter) && sorter.order === 'ascend' ? 'ascend' : 'descend';
        onChange(pagination.current ?? 1, pagination.pageSize ?? pageSize, order);
      }}
      columns={[
        {
          title: t('groupOrders.field.bookingNumber'),
          key: 'bookingNumber',
          render: (_, row) => (
            <Link to={`/flight/group/order/${encodeURIComponent(row.id)}`}>{row.bookingNumber}</Link>
          ),
        },
        { title: t('groupOrders.field.route'), dataIndex: 'route', key: 'route' },
        { title: t('groupOrders.field.date'), key: 'date', render: (_, row) => formatDate(row.firstDate) },
        { title: t('groupOrders.field.passengers'), dataIndex: 'passengerCount', key: 'passengers' },
        {
          title: t('groupOrders.field.status'),
          key: 'status',
          render: (_, row) => <GroupStatusTag status={row.status} testId={`group-row-status-${row.id}`} />,
        },
        { title: t('groupOrders.field.total'), key: 'total', render: (_, row) => money(row.total) },
        {
          title: t('groupOrders.field.paid'),
          key: 'paid',
          render: (_, row) => (
            <>
              {money(row.paidTotal)}
              {row.depositsKept && (
                <div>
                  <Typography.Text type="danger">
                    {t('groupOrders.deposits.keptShort', { amount: money(row.depositsKept) })}
                  </Typography.Text>
                </div>
              )}
            </>
          ),
        },
        {
          title: t('groupOrders.field.nextDeadline'),
          key: 'nextDeadline',
          render: (_, row) => (row.nextDeadline ? <Countdown deadline={row.nextDeadline} /> : '–'),
        },
        {
          title: t('groupOrders.field.createdAt'),
          key: 'createdAt',
          sorter: true,
          sortOrder,
          sortDirections: ['descend', 'ascend', 'descend'],
          render: (_, row) => formatDateTime(row.createdAt),
        },
      ]}
    />
  );
}
