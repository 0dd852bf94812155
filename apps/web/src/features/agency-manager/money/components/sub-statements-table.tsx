import { Button, Empty, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MoneyJson } from '@portal/domain/shopping';
import type { SubAgencyStatement, SubStatementList } from '@portal/domain/sub-agencies';
import { STATEMENT_SPENDING_TYPES } from '@portal/domain/sub-agency-ranges';
import { formatDate } from '../../../../shared/dates/format-date';
import { formatMoney } from '../../../../shared/money/format-money';
import { DataTable } from '../../../../shared/ui/data-table';

const money = (value: MoneyJson) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>;

/** The money columns of a statement: opening, top-ups, spending per kind, closing and credit limit. */
export function useStatementMoneyColumns(): TableColumnsType<SubAgencyStatement> {
  const { t } = useTranslation();
  return [
    { title: t('agencyMoney.statement.opening'), dataIndex: 'opening', align: 'right', render: money },
    { title: t('agencyMoney.statement.topUps'), dataIndex: 'topUps', align: 'right', render: money },
    ...STATEMENT_SPENDING_TYPES.map((type) => ({
      key: type,
      title: t(`agencyMoney.spending.${type}`),
      align: 'right' as const,
      render: (_: unknown, row: SubAgencyStatement) => money(row.spending[type]),
    })),
    { title: t('agencyMoney.statement.closing'), dataIndex: 'closing', align: 'right', render: money },
    {
      title: t('agencyMoney.statement.creditLimit'),
      dataIndex: 'creditLimit',
      align: 'right',
      render: money,
    },
  ];
}

interface SubStatementsTableProps {
  data: SubStatementList | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
  /** Opens the month of `row` day by day. */
  onDetail: (row: SubAgencyStatement) => void;
}

/** A row per sub-agency and currency over the period asked, with server paging. */
export function SubStatementsTable(props: SubStatementsTableProps) {
  const { data, page, pageSize, loading, onPage, onDetail } = props;
  const { t } = useTranslation();
  const moneyColumns = useStatementMoneyColumns();
  const columns: TableColumnsType<SubAgencyStatement> = [
    { title: t('agencyMoney.statement.agency'), dataIndex: 'agencyName' },
    {
      title: t('agencyMoney.statement.period'),
      key: 'period',
      render: (_: unknown, row: SubAgencyStatement) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.from)} – {formatDate(row.to)}
        </span>
      ),
    },
    { title: t('agencyMoney.statement.currency'), dataIndex: 'currency' },
    ...moneyColumns,
    {
      title: t('agencyMoney.statement.actions'),
      key: 'actions',
      render: (_: unknown, row: SubAgencyStatement) => (
        <Button
          type="link"
          size="small"
          aria-label={t('agencyMoney.statement.detailOf', {
            name: row.agencyName,
            month: row.from.slice(0, 7),
          })}
          onClick={() => onDetail(row)}
        >
          {t('agencyMoney.statement.detail')}
        </Button>
      ),
    },
  ];
  return (
    <DataTable<SubAgencyStatement>
      rowKey={(row) => `${row.agencyId}-${row.currency}`}
      data-testid="sub-statements-table"
      label={t('router.agencyStatements')}
      keyColumn="agencyName"
      actionColumn="actions"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      locale={{ emptyText: <Empty description={t('agencyMoney.statement.empty')} /> }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('agencyMoney.total', { count: total }),
        onChange: onPage,
      }}
    />
  );
}
