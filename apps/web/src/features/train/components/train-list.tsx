import { Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainOffer, TrainSeat } from '@portal/domain/rail';
import { isHighSpeed } from '@portal/domain/rail-rules';
import { formatMoney } from '../../../shared/money/format-money';
import { useLocale } from '../../../shared/stores/subject';
import { durationParts } from '../lib/sort-trains';
import { stationName } from '../lib/station-name';

/** One train: number and type, the two stops and times, duration, and its seat classes to pick. */
function TrainCard({
  train,
  onPick,
}: {
  train: TrainOffer;
  onPick: (train: TrainOffer, seat: TrainSeat) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const duration = durationParts(train.durationMinutes);
  const nextDay = train.arrival.time.slice(0, 10) !== train.departure.time.slice(0, 10);
  return (
    <Card size="small" data-testid="train-card" aria-label={train.trainNumber}>
      <Space wrap size="large" align="center" style={{ width: '100%' }}>
        <Space orientation="vertical" size={0} style={{ minWidth: 110 }}>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {train.trainNumber}
          </Typography.Text>
          <Tag color={isHighSpeed(train.trainType) ? 'blue' : 'default'}>
            {t(`trainBooking.trainTypes.${train.trainType}`)}
          </Tag>
        </Space>
        <Space orientation="vertical" size={0} style={{ minWidth: 120 }}>
          <Typography.Text strong>{train.departure.time.slice(11, 16)}</Typography.Text>
          <Typography.Text>{stationName(train.departure.station, locale)}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">{t('trainBooking.list.duration', duration)}</Typography.Text>
        <Space orientation="vertical" size={0} style={{ minWidth: 120 }}>
          <Typography.Text strong>
            {train.arrival.time.slice(11, 16)}
            {nextDay && <sup> {t('trainBooking.list.nextDay')}</sup>}
          </Typography.Text>
          <Typography.Text>{stationName(train.arrival.station, locale)}</Typography.Text>
        </Space>
        <Space wrap>
          {train.seats.map((seat) => {
            const seatLabel = t(`trainBooking.seatClasses.${seat.seatClass}`);
            return (
              <Button
                key={seat.seatClass}
                disabled={seat.available === 0}
                aria-label={t('trainBooking.list.pickSeat', { train: train.trainNumber, seat: seatLabel })}
                onClick={() => onPick(train, seat)}
                style={{ height: 'auto', padding: '4px 10px' }}
              >
                <Space orientation="vertical" size={0}>
                  <span>{seatLabel}</span>
                  <Typography.Text strong>{formatMoney(seat.price)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {seat.available === 0
                      ? t('trainBooking.list.soldOut')
                      : t('trainBooking.list.seatsLeft', { count: seat.available })}
                  </Typography.Text>
                </Space>
              </Button>
            );
          })}
        </Space>
      </Space>
    </Card>
  );
}

/** The trains kept by the filters, or the spec's 'No trains available'. */
export function TrainList({
  trains,
  loading,
  onPick,
}: {
  trains: readonly TrainOffer[];
  loading: boolean;
  onPick: (train: TrainOffer, seat: TrainSeat) => void;
}) {
  const { t } = useTranslation();
  return (
    <Spin spinning={loading}>
      <div data-testid="train-list" style={{ display: 'grid', gap: 8, minHeight: 80 }}>
        {trains.length === 0 && !loading ? (
          <Empty description={t('trainBooking.empty')} />
        ) : (
          trains.map((train) => <TrainCard key={train.id} train={train} onPick={onPick} />)
        )}
      </div>
    </Spin>
  );
}
