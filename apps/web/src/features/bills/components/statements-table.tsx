import { Empty, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletStatement } from '@portal/domain/wallet';
import { formatMoney } from '../../../shared/money/format-money';
import { DataTable } from '../../../shared/ui/data-table';

type MoneyField = 'opening' | 'topUps' | 'orderPayments' | 'refunds' | 'adjustments' | 'closing';

const MONEY_FIELDS: MoneyField[] = [
  'opening',
  'topUps',
  'orderPayments',
  'refunds',
  'adjustments',
  'closing',
];

interface StatementsTableProps {
  statements: WalletStatement[] | undefined;
  loading: boolean;
}

/**
 * A row per month with movement and currency: opening, the movements by kind and closing balance;
 * the month heading and the note under the table name the agency's time zone the months follow.
 */
export function StatementsTable({ statements, loading }: StatementsTableProps) {
  const { t } = useTranslation();
  const timeZone = statements?.[0]?.timeZone;
  const columns: TableColumnsType<WalletStatement> = [
    {
      title: timeZone ? t('bills.statements.periodIn', { timeZone }) : t('bills.statements.period'),
      dataIndex: 'period',
    },
    { title: t('bills.statements.currency'), dataIndex: 'currency' },
    ...MONEY_FIELDS.map((field) => ({
      title: t(`bills.statements.${field}`),
      dataIndex: field,
      align: 'right' as const,
      render: (money: WalletStatement[MoneyField]) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(money)}</span>
      ),
    })),
  ];
  return (
    <>
      <DataTable<WalletStatement>
        rowKey={(row) => `${row.currency}-${row.period}`}
        data-testid="statements-table"
        label={t('router.statements')}
        keyColumn="period"
        columns={columns}
        dataSource={statements ?? []}
        loading={loading}
        locale={{ emptyText: <Empty description={t('bills.statements.empty')} /> }}
        pagination={{
          defaultPageSize: 24,
          hideOnSinglePage: true,
          showSizeChanger: true,
          showTotal: (total) => t('bills.total', { count: total }),
        }}
      />
      {timeZone && (
        <Typography.Paragraph type="secondary" data-testid="statements-note">
          {t('bills.statements.monthsNote', { timeZone })}
        </Typography.Paragraph>
      )}
    </>
  );
}
