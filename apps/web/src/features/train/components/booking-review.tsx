import { Descriptions, Space, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainOffer, TrainSeat } from '@portal/domain/rail';
import { maskDocumentNumber } from '@portal/domain/document-types';
import { formatDate } from '../../../shared/dates/format-date';
import { formatMoney } from '../../../shared/money/format-money';
import { useLocale } from '../../../shared/stores/subject';
import { bookingPrices, toBookingPassenger, type BookingValues } from '../lib/booking-form';
import { stationName } from '../lib/station-name';

/** What is about to be booked: the train, the seat class, each passenger's ticket and the total. */
export function BookingReview({
  train,
  seat,
  values,
  children,
}: {
  train: TrainOffer;
  seat: TrainSeat;
  values: BookingValues;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const passengers = values.passengers.map(toBookingPassenger);
  const prices = bookingPrices(
    seat.price,
    passengers.map((p) => p.type),
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="train-booking-review">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('trainBooking.book.train')}>
          {train.trainNumber} · {t(`trainBooking.seatClasses.${seat.seatClass}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('trainBooking.book.journey')}>
          {stationName(train.departure.station, locale)} {formatDate(train.departure.time)}{' '}
          {train.departure.time.slice(11, 16)} → {stationName(train.arrival.station, locale)}{' '}
          {train.arrival.time.slice(11, 16)}
        </Descriptions.Item>
        <Descriptions.Item label={t('booking.contact.title')}>
          {values.contact.name} · {values.contact.email} · +{values.contact.phone?.areaCode || '86'}{' '}
          {values.contact.phone?.number}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={passengers.map((p, i) => ({ ...p, key: i, price: prices.each[i] }))}
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
          { title: t('trainBooking.book.price'), render: (_, p) => (p.price ? formatMoney(p.price) : '') },
        ]}
      />
      <Typography.Text strong data-testid="train-booking-total">
        {t('trainBooking.book.total', { amount: formatMoney(prices.total) })}
      </Typography.Text>
      {children}
    </Space>
  );
}
