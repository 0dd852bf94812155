import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderPassenger } from '@portal/domain/flight-order';
import type { Segment } from '@portal/domain/shopping';
import { localTime } from '../lib/format';

interface PickerProps<K> {
  value: K[];
  onChange: (value: K[]) => void;
  /** Shown under the table when the form was sent without a choice. */
  error?: string | null;
}

/** The passengers a request acts on: one checkbox per passenger (ticket). */
export function PassengerPicker({
  passengers,
  value,
  onChange,
  error,
}: PickerProps<string> & { passengers: readonly OrderPassenger[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="after-sales-passengers" style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t('afterSales.form.passengers')}</Typography.Text>
      <Table<OrderPassenger>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...passengers]}
        rowSelection={{
          selectedRowKeys: value,
          onChange: (keys) => onChange(keys.map(String)),
          getCheckboxProps: (p) => ({ 'aria-label': `${p.surname}/${p.given_names}` }),
        }}
        columns={[
          { key: 'name', title: t('orders.detail.name'), render: (_, p) => `${p.surname}/${p.given_names}` },
          {
            key: 'type',
            title: t('orders.detail.passengerType'),
            render: (_, p) => t(`booking.passengerType.${p.type}`),
          },
          {
            key: 'tickets',
            title: t('orders.field.ticketNumber'),
            render: (_, p) => p.ticketNumbers.join(', '),
          },
        ]}
      />
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

interface SegmentRow {
  index: number;
  segment: Segment;
}

/** The segments a request acts on, by their index in the order's flattened list. */
export function SegmentPicker({
  segments,
  value,
  onChange,
  error,
}: PickerProps<number> & { segments: readonly Segment[] }) {
  const { t } = useTranslation();
  const rows: SegmentRow[] = segments.map((segment, index) => ({ index, segment }));
  return (
    <div data-testid="after-sales-segments" style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t('afterSales.form.segments')}</Typography.Text>
      <Table<SegmentRow>
        rowKey="index"
        size="small"
        pagination={false}
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: value,
          onChange: (keys) => onChange(keys.map(Number).sort((a, b) => a - b)),
          getCheckboxProps: ({ segment }) => ({
            'aria-label': `${segment.marketingCarrier}${segment.flightNumber}`,
          }),
        }}
        columns={[
          {
            key: 'flight',
            title: t('orders.field.flightNumber'),
            render: (_, { segment }) => `${segment.marketingCarrier}${segment.flightNumber}`,
          },
          {
            key: 'route',
            title: t('orders.field.route'),
            render: (_, { segment }) => `${segment.departure.airport}-${segment.arrival.airport}`,
          },
          {
            key: 'departure',
            title: t('orders.field.departure'),
            render: (_, { segment }) => localTime(segment.departure.time),
          },
        ]}
      />
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
