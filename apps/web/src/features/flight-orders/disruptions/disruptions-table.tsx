import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Disruption, DisruptionList } from '@portal/domain/disruptions';
import { DataTable } from '../../../shared/ui/data-table';
import { timestamp } from '../lib/format';
import { DisruptionActions } from './disruption-actions';
import { DisruptionStatusTag, DisruptionTypeTag } from './disruption-tags';
import { DisruptionTimes } from './disruption-times';

interface DisruptionsTableProps {
  data: DisruptionList | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  onChange: (page: number, pageSize: number) => void;
}

/** The disruption rows with server paging. */
export function DisruptionsTable({ data, page, pageSize, loading, onChange }: DisruptionsTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<Disruption> = [
    {
      key: 'bookingNumber',
      title: t('disruptions.field.bookingNumber'),
      render: (_, row) => (
        <Link to={`/flight/orders/${encodeURIComponent(row.orderId)}`}>{row.bookingNumber}</Link>
      ),
    },
    { key: 'route', title: t('disruptions.field.route'), render: (_, row) => row.route },
    {
      key: 'passengers',
      title: t('disruptions.field.passengers'),
      render: (_, row) => row.passengerNames.join(', '),
    },
    {
      key: 'type',
      title: t('disruptions.field.type'),
      render: (_, row) => <DisruptionTypeTag type={row.type} />,
    },
    {
      key: 'times',
      title: t('disruptions.field.times'),
      render: (_, row) => <DisruptionTimes disruption={row} />,
    },
    {
      key: 'status',
      title: t('disruptions.field.status'),
      render: (_, row) => <DisruptionStatusTag status={row.status} />,
    },
    { key: 'raisedAt', title: t('disruptions.field.raisedAt'), render: (_, row) => timestamp(row.raisedAt) },
    {
      key: 'actions',
      title: t('disruptions.field.actions'),
      // The buttons wrap under each other: the fixed column stays narrow beside the scrolling ones.
      width: 200,
      render: (_, row) => <DisruptionActions disruption={row} />,
    },
  ];
  return (
    <DataTable<Disruption>
      data-testid="disruptions-table"
      label={t('router.flightDisruptions')}
      keyColumn="bookingNumber"
      actionColumn="actions"
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={data?.list ?? []}
      locale={{ emptyText: loading ? ' ' : t('disruptions.list.empty') }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('disruptions.list.total', { count: total }),
        onChange,
      }}
    />
  );
}
