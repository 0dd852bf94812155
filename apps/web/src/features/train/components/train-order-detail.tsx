import { Descriptions, Drawer, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { maskDocumentNumber } from '@portal/domain/document-types';
import { type TrainOrder, type TrainOrderPassenger } from '@portal/domain/train-order';
import { trainStatusesAllowing } from '@portal/domain/train-order-status';
import { formatDateTime, formatLocalDateTime } from '../../../shared/dates/format-date';
import { formatMoney } from '../../../shared/money/format-money';
import { useLocale } from '../../../shared/stores/subject';
import { DataTable } from '../../../shared/ui/data-table';
import { QueryError } from '../../../shared/ui/query-error';
import { useTrainOrder } from '../api/train-orders';
import { stationName } from '../lib/station-name';
import { TrainDocuments } from './train-documents';
import { TrainOrderActions } from './train-order-actions';
import { RefusedRefundAlert, TrainOrderTimeline } from './train-order-timeline';
import { TrainStatusTag } from './train-status-tag';

function OrderBody({ order }: { order: TrainOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { train } = order;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="train-order-detail">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('trainOrders.bookingNumber')}>{order.bookingNumber}</Descriptions.Item>
        <Descriptions.Item label={t('trainOrders.statusLabel')}>
          <TrainStatusTag status={order.status} color={order.statusColor} />
        </Descriptions.Item>
        <Descriptions.Item label={t('trainOrders.train')}>
          {train.trainNumber} · {t(`trainBooking.trainTypes.${train.trainType}`)} ·{' '}
          {t(`trainBooking.seatClasses.${order.seatClass}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('trainOrders.journey')}>
          {stationName(train.departure.station, locale)} {formatLocalDateTime(train.departure.time)} →{' '}
          {stationName(train.arrival.station, locale)} {formatLocalDateTime(train.arrival.time)}
        </Descriptions.Item>
        <Descriptions.Item label={t('trainOrders.total')}>
          {formatMoney(order.price.orderTotal)}
        </Descriptions.Item>
        {order.paymentDeadline && trainStatusesAllowing('pay').includes(order.status) && (
          <Descriptions.Item label={t('trainOrders.paymentDeadline')}>
            {formatDateTime(order.paymentDeadline)}
          </Descriptions.Item>
        )}
        {order.price.refundFee && (
          <Descriptions.Item label={t('trainOrders.refundFee')}>
            {formatMoney(order.price.refundFee)}
          </Descriptions.Item>
        )}
        {order.price.refundedAmount && (
          <Descriptions.Item label={t('trainOrders.refundedAmount')}>
            {formatMoney(order.price.refundedAmount)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('trainOrders.bookingTime')}>
          {formatDateTime(order.bookingTime)}
        </Descriptions.Item>
        <Descriptions.Item label={t('booking.contact.title')}>
          {order.contact.name} · +{order.contact.phone.areaCode} {order.contact.phone.number}
        </Descriptions.Item>
      </Descriptions>
      {order.status === 'manual_ticketing' && (
        <Typography.Text type="warning">{t('trainOrders.manualTicketing')}</Typography.Text>
      )}
      <RefusedRefundAlert order={order} />
      <DataTable<TrainOrderPassenger>
        size="small"
        rowKey="id"
        label={t('trainOrders.passengers')}
        keyColumn="name"
        pagination={false}
        dataSource={order.passengers}
        columns={[
          { title: t('trainBooking.book.name'), dataIndex: 'name' },
          {
            title: t('trainBooking.book.ticketType'),
            render: (_, p) => t(`trainBooking.book.ticketTypes.${p.type}`),
          },
          {
            title: t('booking.passenger.documentNumber'),
            render: (_, p) =>
              `${t(`booking.documentTypes.${p.document.interfaceType}`)} ${maskDocumentNumber(p.document.number)}`,
          },
          { title: t('trainOrders.coach'), render: (_, p) => p.seat?.coach ?? '—' },
          { title: t('trainOrders.seat'), render: (_, p) => p.seat?.seatNumber ?? '—' },
          { title: t('trainOrders.ticketNumber'), render: (_, p) => p.ticketNumber ?? '—' },
          { title: t('trainBooking.book.price'), align: 'right', render: (_, p) => formatMoney(p.price) },
        ]}
      />
      <TrainOrderActions order={order} />
      <TrainDocuments order={order} />
      <TrainOrderTimeline order={order} />
    </Space>
  );
}

/** The order's detail in a drawer (no route of its own): passengers, seats, actions and timeline. */
export function TrainOrderDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useTrainOrder(id);
  return (
    <Drawer open size={820} title={t('trainOrders.detailTitle')} onClose={onClose}>
      {order.isError ? (
        <QueryError
          title={t('trainOrders.detailError')}
          error={order.error}
          onRetry={() => void order.refetch()}
        />
      ) : order.data ? (
        <OrderBody order={order.data} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
