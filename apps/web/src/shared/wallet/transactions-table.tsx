import { Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransactionList, TransactionRow } from '@portal/domain/wallet';
import { formatAmount, formatMoney } from '../money/format-money';
import { formatTimestamp } from './format';
import { OrderNumber } from './order-number';

interface TransactionsTableProps {
  data: TransactionList | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
  /** Link booking numbers to their order pages (off for another agency's rows). */
  linkOrders?: boolean;
}

/** The one currency of the page's amounts, for the column heading; null when they differ or none. */
export function amountCurrency(rows: readonly TransactionRow[]): string | null {
  const currencies = new Set(rows.map((row) => row.amount.currency));
  return currencies.size === 1 ? ([...currencies][0] ?? null) : null;
}

/**
 * 'All Transactions' rows with the spec's columns (the original order as its booking number); the
 * amount heading carries the currency.
 */
export function TransactionsTable({
  data,
  page,
  pageSize,
  loading,
  onPage,
  linkOrders = true,
}: TransactionsTableProps) {
  const { t } = useTranslation();
  const rows = data?.list ?? [];
  const currency = amountCurrency(rows);
  const time = (value: string) => <time dateTime={value}>{formatTimestamp(value)}</time>;
  const columns: TableColumnsType<TransactionRow> = [
    {
      title: t('bills.transactions.originalId'),
      key: 'bookingNumber',
      render: (_: unknown, row: TransactionRow) => (
        <OrderNumber row={{ ...row, orderId: row.originalOrderId }} linked={linkOrders} />
      ),
    },
    { title: t('bills.transactions.referenceId'), dataIndex: 'referenceId' },
    {
      title: t('bills.transactions.paymentMethod'),
      dataIndex: 'paymentMethod',
      render: (method: TransactionRow['paymentMethod']) => t(`bills.method.${method}`),
    },
    {
      title: t('bills.transactions.totalAmountPaid'),
      dataIndex: 'totalAmountPaid',
      align: 'right',
      render: formatMoney,
    },
    {
      title: currency ? t('bills.transactions.amountIn', { currency }) : t('bills.transactions.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (money: TransactionRow['amount']) => (currency ? formatAmount(money) : formatMoney(money)),
    },
    {
      title: t('bills.transactions.handlingFee'),
      dataIndex: 'handlingFee',
      align: 'right',
      render: formatMoney,
    },
    { title: t('bills.transactions.paymentTime'), dataIndex: 'paymentTime', render: time },
    { title: t('bills.transactions.createdOn'), dataIndex: 'createdOn', render: time },
  ];
  return (
    <Table<TransactionRow>
      rowKey="id"
      data-testid="transactions-table"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('bills.transactions.empty')} /> }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('bills.total', { count: total }),
        onChange: onPage,
      }}
    />
  );
}
