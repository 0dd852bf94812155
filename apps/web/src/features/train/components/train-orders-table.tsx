import { Button, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainOrderListItem } from '@portal/domain/train-order';
import { formatDateTime, formatLocalDateTime } from '../../../shared/dates/format-date';
import { formatMoney } from '../../../shared/money/format-money';
import { useLocale } from '../../../shared/stores/subject';
import { DataTable } from '../../../shared/ui/data-table';
import { stationName } from '../lib/station-name';
import { TrainStatusTag } from './train-status-tag';

/** The train order rows; the booking number opens the order's detail. */
export function TrainOrdersTable({
  orders,
  loading,
  empty,
  pagination,
  onOpen,
}: {
  orders: TrainOrderListItem[];
  loading: boolean;
  empty: ReactNode;
  pagination: TablePaginationConfig;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <DataTable<TrainOrderListItem>
      data-testid="train-orders-table"
      label={t('router.trainOrders')}
      keyColumn="bookingNumber"
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={orders}
      pagination={{ ...pagination, pageSize: 20, showSizeChanger: false }}
      locale={{ emptyText: empty }}
      columns={[
        {
          key: 'bookingNumber',
          title: t('trainOrders.bookingNumber'),
          render: (_, o) => (
            <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(o.id)}>
              {o.bookingNumber}
            </Button>
          ),
        },
        {
          title: t('trainOrders.train'),
          render: (_, o) => `${o.trainNumber} · ${t(`trainBooking.seatClasses.${o.seatClass}`)}`,
        },
        {
          title: t('trainOrders.journey'),
          render: (_, o) =>
            `${stationName(o.departure.station, locale)} → ${stationName(o.arrival.station, locale)}`,
        },
        { title: t('trainOrders.departure'), render: (_, o) => formatLocalDateTime(o.departure.time) },
        { title: t('trainOrders.passengers'), render: (_, o) => o.passengerNames.join(', ') },
        { title: t('trainOrders.total'), align: 'right', render: (_, o) => formatMoney(o.orderTotal) },
        {
          title: t('trainOrders.statusLabel'),
          render: (_, o) => <TrainStatusTag status={o.status} color={o.statusColor} />,
        },
        { title: t('trainOrders.bookingTime'), render: (_, o) => formatDateTime(o.bookingTime) },
      ]}
    />
  );
}
