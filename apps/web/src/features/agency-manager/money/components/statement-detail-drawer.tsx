import { Drawer, Skeleton, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubAgencyStatement } from '@portal/domain/sub-agencies';
import { formatDate } from '../../../../shared/dates/format-date';
import { DataTable } from '../../../../shared/ui/data-table';
import { QueryError } from '../../../../shared/ui/query-error';
import { useSubStatementDetail } from '../api/sub-statements';
import { useStatementMoneyColumns } from './sub-statements-table';

/** Which month of which sub-agency the drawer shows; null when closed. */
export interface DetailTarget {
  agencyId: number;
  agencyName: string;
  month: string;
}

/** One sub-agency's month: a total per currency, then the same columns day by day. */
export function StatementDetailDrawer({
  target,
  onClose,
}: {
  target: DetailTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useSubStatementDetail(target && { agencyId: target.agencyId, month: target.month });
  const moneyColumns = useStatementMoneyColumns();
  const currencyColumn = { title: t('agencyMoney.statement.currency'), dataIndex: 'currency' };
  const dayColumns: TableColumnsType<SubAgencyStatement> = [
    {
      title: t('agencyMoney.statement.day'),
      dataIndex: 'from',
      render: (day: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(day)}</span>,
    },
    currencyColumn,
    ...moneyColumns,
  ];
  const key = (row: SubAgencyStatement) => `${row.currency}-${row.from}`;

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      data-testid="statement-detail"
      title={
        target ? t('agencyMoney.detail.title', { name: target.agencyName, month: target.month }) : undefined
      }
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        <QueryError
          title={t('agencyMoney.detail.error')}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('agencyMoney.detail.month')}
          </Typography.Title>
          <DataTable<SubAgencyStatement>
            rowKey={key}
            size="small"
            data-testid="detail-month"
            label={t('agencyMoney.detail.month')}
            keyColumn="currency"
            columns={[currencyColumn, ...moneyColumns]}
            dataSource={detail.data.statements}
            pagination={false}
          />
          <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
            {t('agencyMoney.detail.days')}
          </Typography.Title>
          <DataTable<SubAgencyStatement>
            rowKey={key}
            size="small"
            data-testid="detail-days"
            label={t('agencyMoney.detail.days')}
            keyColumn="from"
            columns={dayColumns}
            dataSource={detail.data.days}
            pagination={{ defaultPageSize: 31, hideOnSinglePage: true }}
          />
        </>
      )}
    </Drawer>
  );
}
