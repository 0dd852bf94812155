import { SwapOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Space, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainSearchRequest } from '@portal/domain/rail';
import { RAIL_CALENDAR_TIME_ZONE, todayIn } from '@portal/domain/time-zone-names';
import { useDatePattern } from '../../../shared/dates/format-date';
import { StationPicker } from './station-picker';

/** Today on China Railway's calendar (Beijing's day), as the picker's local day. */
function railToday(): Dayjs {
  return dayjs(todayIn(RAIL_CALENDAR_TIME_ZONE));
}

/** Tomorrow on China Railway's calendar, the default travel date. */
export function tomorrow(): Dayjs {
  return railToday().add(1, 'day');
}

/** From, to (with a swap), date and search. Calls `onSearch` only with two different stations. */
export function TrainSearchForm({
  loading,
  onSearch,
}: {
  loading: boolean;
  onSearch: (request: TrainSearchRequest) => void;
}) {
  const { t } = useTranslation();
  const pattern = useDatePattern();
  const [origin, setOrigin] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const [date, setDate] = useState<Dayjs>(tomorrow);
  const [error, setError] = useState<string | null>(null);

  const handleSearch = () => {
    if (!origin || !destination) return setError(t('trainBooking.search.stationsRequired'));
    if (origin === destination) return setError(t('trainBooking.search.sameStation'));
    setError(null);
    onSearch({ origin, destination, date: date.format('YYYY-MM-DD') });
  };

  const handleSwap = () => {
    setOrigin(destination);
    setDestination(origin);
  };

  return (
    <Card>
      <Form layout="vertical" onFinish={handleSearch} data-testid="train-search-form">
        <Space wrap align="end">
          <Form.Item label={t('trainBooking.search.from')} htmlFor="train-origin" style={{ marginBottom: 0 }}>
            <StationPicker
              id="train-origin"
              label={t('trainBooking.search.from')}
              value={origin}
              onChange={setOrigin}
              invalid={error !== null && !origin}
            />
          </Form.Item>
          <Tooltip title={t('trainBooking.search.swap')}>
            <Button aria-label={t('trainBooking.search.swap')} icon={<SwapOutlined />} onClick={handleSwap} />
          </Tooltip>
          <Form.Item
            label={t('trainBooking.search.to')}
            htmlFor="train-destination"
            style={{ marginBottom: 0 }}
          >
            <StationPicker
              id="train-destination"
              label={t('trainBooking.search.to')}
              value={destination}
              onChange={setDestination}
              invalid={error !== null && (!destination || destination === origin)}
            />
          </Form.Item>
          <Form.Item label={t('trainBooking.search.date')} htmlFor="train-date" style={{ marginBottom: 0 }}>
            <DatePicker
              id="train-date"
              aria-label={t('trainBooking.search.date')}
              allowClear={false}
              format={pattern}
              value={date}
              disabledDate={(d) => d.isBefore(railToday(), 'day')}
              onChange={(d) => d && setDate(d)}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('trainBooking.search.submit')}
          </Button>
        </Space>
        {error && (
          <div role="alert" className="ant-form-item-explain-error" style={{ marginTop: 8 }}>
            {error}
          </div>
        )}
      </Form>
    </Card>
  );
}
