import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FlightOrderListItem } from '@portal/domain/flight-order';
import type { CountedOrderList } from '../api/flight-orders';
import { AWAITING_PAYMENT_STATUSES } from '@portal/domain/flight-order-actions';
import { PagedTable, type PagedList } from '../../../shared/ui/paged-table';
import { localTime, money, timestamp } from '../lib/format';
import { StatusTag } from './status-tag';

interface OrdersTableProps extends PagedList<CountedOrderList> {
  sortOrder: 'ascend' | 'descend';
  onChange: (page: number, pageSize: number, sortOrder: 'ascend' | 'descend') => void;
}

/** The order rows with server paging and sorting by booking time. */
export function OrdersTable({ sortOrder, onChange, ...list }: OrdersTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<FlightOrderListItem> = [
    {
      key: 'bookingNumber',
      title: t('orders.field.bookingNumber'),
      render: (_, row) => (
        <>
          <Link to={`/flight/orders/${encodeURIComponent(row.id)}`}>{row.bookingNumber}</Link>
          {row.originalBookingId && (
            <div>
              <Link
                to={`/flight/orders/${encodeURIComponent(row.originalBookingId)}`}
                data-testid={`orders-original-${row.id}`}
              >
                <Typography.Text type="secondary">{t('afterSales.related.original')}</Typography.Text>
              </Link>
            </div>
          )}
        </>
      ),
    },
    { key: 'type', title: t('orders.field.type'), render: (_, row) => t(`orders.type.${row.type}`) },
    {
      key: 'status',
      title: t('orders.field.status'),
      render: (_, row) => <StatusTag status={row.status} />,
    },
    {
      key: 'route',
      title: t('orders.field.route'),
      render: (_, row) => (
        <>
          <div>{row.route}</div>
          <Typography.Text type="secondary">{row.flightNumbers.join(' / ')}</Typography.Text>
        </>
      ),
    },
    {
      key: 'departure',
      title: t('orders.field.departure'),
      render: (_, row) => localTime(row.firstDeparture),
    },
    {
      key: 'passengers',
      title: t('orders.field.passengers'),
      render: (_, row) => row.passengerNames.join(', '),
    },
    { key: 'pnr', title: t('orders.field.pnr'), render: (_, row) => row.pnr ?? '' },
    {
      key: 'total',
      title: t('orders.field.orderTotal'),
      align: 'right',
      render: (_, row) => money(row.orderTotal),
    },
    {
      key: 'bookingTime',
      title: t('orders.field.bookingTime'),
      sorter: true,
      sortOrder,
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, row) => timestamp(row.bookingTime),
    },
    {
      key: 'paymentDeadline',
      title: t('orders.field.paymentDeadline'),
      render: (_, row) =>
        AWAITING_PAYMENT_STATUSES.includes(row.status) ? timestamp(row.paymentDeadline) : '',
    },
  ];
  return (
    <PagedTable<FlightOrderListItem>
      {...list}
      testId="orders-table"
      label={t('router.flightOrders')}
      keyColumn="bookingNumber"
      rowKey="id"
      columns={columns}
      emptyText={t('orders.list.empty')}
      totalText={(total) => t('orders.list.total', { total })}
      onChange={(nextPage, nextSize, sorter) => {
        const single = Array.isArray(sorter) ? sorter[0] : sorter;
        const order = single?.order === 'ascend' ? 'ascend' : 'descend';
        const sortChanged = order !== sortOrder;
        onChange(sortChanged ? 1 : nextPage, nextSize, order);
      }}
    />
  );
}
