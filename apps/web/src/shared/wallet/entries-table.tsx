import { Empty, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletEntry, WalletEntryList, WalletPaymentType } from '@portal/domain/wallet';
import { DataTable } from '../ui/data-table';
import { entryDescription } from './entry-description';
import { formatSigned, formatTimestamp, isNegative, countText } from './format';
import { pagedToCapFooter } from './paged-to-cap';
import { OrderNumber } from './order-number';

/** Tag colour of each payment type: money in green, purchases blue/cyan, after-sales orange/red. */
export const PAYMENT_TYPE_COLORS: Record<WalletPaymentType, string> = {
  'top-up': 'green',
  'origin-flight': 'blue',
  'origin-train': 'cyan',
  'refund-flight': 'orange',
  'change-flight': 'purple',
  'void-flight': 'red',
};

interface EntriesTableProps {
  data: WalletEntryList | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
  /** Link booking numbers to their order pages (off for another agency's entries). */
  linkOrders?: boolean;
}

/**
 * The wallet entries of one page with server paging: the booking number of each entry's order,
 * amounts signed and coloured, descriptions in the user's language.
 */
export function EntriesTable({
  data,
  page,
  pageSize,
  loading,
  onPage,
  linkOrders = true,
}: EntriesTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnsType<WalletEntry> = [
    {
      title: t('bills.entries.paymentType'),
      dataIndex: 'paymentType',
      render: (type: WalletPaymentType) => (
        <Tag color={PAYMENT_TYPE_COLORS[type]} data-testid="payment-type">
          {t(`bills.type.${type}`)}
        </Tag>
      ),
    },
    {
      title: t('bills.entries.paymentTime'),
      dataIndex: 'paymentTime',
      render: (time: string) => <time dateTime={time}>{formatTimestamp(time)}</time>,
    },
    {
      title: t('bills.entries.orderId'),
      key: 'bookingNumber',
      render: (_: unknown, entry: WalletEntry) => <OrderNumber row={entry} linked={linkOrders} />,
    },
    {
      title: t('bills.entries.paymentReference'),
      dataIndex: 'paymentReference',
      render: (ref: string | null) => ref ?? '-',
    },
    {
      title: t('bills.entries.amountPaid'),
      dataIndex: 'amountPaid',
      align: 'right',
      render: (money: WalletEntry['amountPaid']) => (
        <Typography.Text
          data-testid="amount-paid"
          type={isNegative(money.amount) ? 'danger' : 'success'}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatSigned(money)}
        </Typography.Text>
      ),
    },
    {
      title: t('bills.entries.description'),
      key: 'description',
      render: (_: unknown, entry: WalletEntry) => entryDescription(t, entry),
    },
  ];
  return (
    <DataTable<WalletEntry>
      rowKey="id"
      data-testid="entries-table"
      label={t('bills.entries.title')}
      keyColumn="bookingNumber"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      locale={{ emptyText: <Empty description={t('bills.entries.empty')} /> }}
      footer={pagedToCapFooter(t, i18n.language, data, page, pageSize)}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('bills.total', { count: countText(total, data?.totalCapped, i18n.language) }),
        onChange: onPage,
      }}
    />
  );
}
