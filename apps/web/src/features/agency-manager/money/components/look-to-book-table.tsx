import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LookToBook, LookToBookDay } from '@portal/domain/sub-agencies';
import { formatDate } from '../../../../shared/dates/format-date';

/** Searches per booking with two decimals; a dash for a day without bookings. */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '–' : ratio.toFixed(2);
}

/** Every day's searches, bookings and ratio, then the totals: the chart's figures as a table. */
export function LookToBookTable({ data }: { data: LookToBook }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<LookToBookDay> = [
    {
      title: t('agencyMoney.lookToBook.day'),
      dataIndex: 'day',
      render: (day: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(day)}</span>,
    },
    { title: t('agencyMoney.lookToBook.searches'), dataIndex: 'searches', align: 'right' },
    { title: t('agencyMoney.lookToBook.bookings'), dataIndex: 'bookings', align: 'right' },
    { title: t('agencyMoney.lookToBook.ratio'), dataIndex: 'ratio', align: 'right', render: formatRatio },
  ];
  return (
    <Table<LookToBookDay>
      rowKey="day"
      size="small"
      data-testid="look-to-book-table"
      caption={t('agencyMoney.lookToBook.tableCaption')}
      columns={columns}
      dataSource={data.days}
      pagination={false}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>{t('agencyMoney.lookToBook.total')}</Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {data.totals.searches}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {data.totals.bookings}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {formatRatio(data.totals.ratio)}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
