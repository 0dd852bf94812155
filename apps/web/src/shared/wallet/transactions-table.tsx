import { Empty, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransactionKind } from '@portal/domain/transaction-kinds';
import type { TransactionList, TransactionOrderRef, TransactionRow } from '@portal/domain/wallet';
import { formatAmount, formatMoney } from '../money/format-money';
import { DataTable } from '../ui/data-table';
import { formatTimestamp, countText } from './format';
import { pagedToCapFooter } from './paged-to-cap';
import { OrderNumber } from './order-number';
import { SignedAmount } from './signed-amount';

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
 * 'All Transactions' rows: each row's kind, the original booking and the after-sales order as two
 * booking numbers, the spec's columns with the amount signed and coloured by its direction (the
 * heading carries the currency), and the wallet balance after the row.
 */
export function TransactionsTable({
  data,
  page,
  pageSize,
  loading,
  onPage,
  linkOrders = true,
}: TransactionsTableProps) {
  const { t, i18n } = useTranslation();
  const rows = data?.list ?? [];
  const currency = amountCurrency(rows);
  const time = (value: string) => <time dateTime={value}>{formatTimestamp(value)}</time>;
  const orderCell = (ref: TransactionOrderRef | null, fallback: string | null) => (
    <OrderNumber
      row={{ orderId: fallback, bookingNumber: ref?.bookingNumber ?? null, order: ref }}
      linked={linkOrders}
    />
  );
  const columns: TableColumnsType<TransactionRow> = [
    {
      title: t('bills.transactions.kind'),
      dataIndex: 'kind',
      render: (kind: TransactionKind) => (
        <span data-testid="transaction-kind">{t(`bills.kind.${kind}`)}</span>
      ),
    },
    {
      title: t('bills.transactions.originalBooking'),
      key: 'originalBooking',
      // A ledger order id no order of the agency has (older rows) is shown as it is.
      render: (_: unknown, row: TransactionRow) =>
        orderCell(row.originalBooking, row.afterSalesOrder ? null : row.originalOrderId),
    },
    {
      title: t('bills.transactions.afterSalesOrder'),
      key: 'afterSalesOrder',
      render: (_: unknown, row: TransactionRow) => orderCell(row.afterSalesOrder, null),
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
      render: (_: unknown, row: TransactionRow) => (
        <>
          {currency ? null : `${row.amount.currency} `}
          <SignedAmount money={row.amount} direction={row.direction} />
        </>
      ),
    },
    {
      title: t('bills.transactions.handlingFee'),
      dataIndex: 'handlingFee',
      align: 'right',
      render: formatMoney,
    },
    {
      title: t('bills.transactions.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (money: TransactionRow['balanceAfter']) => (
        <span data-testid="balance-after">{currency ? formatAmount(money) : formatMoney(money)}</span>
      ),
    },
    { title: t('bills.transactions.paymentTime'), dataIndex: 'paymentTime', render: time },
    { title: t('bills.transactions.createdOn'), dataIndex: 'createdOn', render: time },
  ];
  return (
    <DataTable<TransactionRow>
      rowKey="id"
      data-testid="transactions-table"
      label={t('router.transactions')}
      keyColumn="originalBooking"
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText: <Empty description={t('bills.transactions.empty')} /> }}
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
