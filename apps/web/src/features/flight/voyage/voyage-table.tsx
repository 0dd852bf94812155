import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VoyageList, VoyageRow } from '@portal/domain/booking-records';
import { ticketStatusKey, type TicketStatus } from '@portal/domain/ticket-statuses';
import { PagedTable, type PagedList } from '../../../shared/ui/paged-table';
import type { Counted } from '../../../shared/api/keyset';

const STATUS_COLOR: Record<TicketStatus, string> = {
  issued: 'success',
  changed: 'processing',
  refunded: 'warning',
  voided: 'default',
};

/** `YYYY-MM-DDTHH:mm` local to the airport, shown as written. */
const localTime = (time: string) => time.replace('T', ' ');

const rowKey = (row: VoyageRow) => `${row.orderId}:${row.passengerId}:${row.segmentIndex}`;

interface VoyageTableProps extends PagedList<Counted<VoyageList>> {
  onChange: (page: number, pageSize: number) => void;
}

/** One row per passenger and segment, with server paging. */
export function VoyageTable({ onChange, ...list }: VoyageTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<VoyageRow> = [
    {
      key: 'passenger',
      title: t('voyage.field.passenger'),
      render: (_, row) => (
        <>
          <div>{row.passengerName}</div>
          <Typography.Text type="secondary">{t(`flight.passengerType.${row.passengerType}`)}</Typography.Text>
        </>
      ),
    },
    {
      key: 'ticketNumber',
      title: t('voyage.field.ticketNumber'),
      render: (_, row) => row.ticketNumber ?? '',
    },
    {
      key: 'flight',
      title: t('voyage.field.flightNumber'),
      render: (_, row) => (
        <>
          <div>{row.flightNumber}</div>
          <Typography.Text type="secondary">{t(`flight.cabin.${row.cabin}`)}</Typography.Text>
        </>
      ),
    },
    {
      key: 'route',
      title: t('voyage.field.route'),
      render: (_, row) => `${row.departure.airport} – ${row.arrival.airport}`,
    },
    {
      key: 'departure',
      title: t('voyage.field.departure'),
      render: (_, row) => localTime(row.departure.time),
    },
    { key: 'arrival', title: t('voyage.field.arrival'), render: (_, row) => localTime(row.arrival.time) },
    {
      key: 'status',
      title: t('voyage.field.status'),
      render: (_, row) => (
        <>
          <Tag color={STATUS_COLOR[row.ticketStatus]}>{t(ticketStatusKey(row.ticketStatus))}</Tag>
          {row.afterSales && (
            <div>
              <Link to={`/flight/orders/${encodeURIComponent(row.afterSales.orderId)}`}>
                {t(`voyage.afterSales.${row.afterSales.type}`, { number: row.afterSales.bookingNumber })}
              </Link>
            </div>
          )}
        </>
      ),
    },
    {
      key: 'bookingNumber',
      title: t('voyage.field.bookingNumber'),
      render: (_, row) => (
        <Link to={`/flight/orders/${encodeURIComponent(row.orderId)}`}>{row.bookingNumber}</Link>
      ),
    },
    { key: 'pnr', title: t('voyage.field.pnr'), render: (_, row) => row.pnr ?? '' },
  ];
  return (
    <PagedTable<VoyageRow>
      {...list}
      testId="voyage-table"
      label={t('router.flightVoyage')}
      keyColumn="passenger"
      rowKey={rowKey}
      columns={columns}
      emptyText={t('voyage.list.empty')}
      totalText={(total) => t('voyage.list.total', { total })}
      onChange={onChange}
    />
  );
}
