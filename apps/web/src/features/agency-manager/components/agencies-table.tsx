import { Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoneyJson } from '@portal/domain/shopping';
import { formatMoney } from '../../../shared/money/format-money';
import { DataTable } from '../../../shared/ui/data-table';
import { AGENCIES_PAGE_SIZE } from '../api/agencies';
import type { AgencyRow } from '../tree/agency-tree';
import { AgencyRowActions, type AgencyRowActionsProps } from './agency-row-actions';

type ActionProps = Omit<AgencyRowActionsProps, 'agency' | 'canFund' | 'direct'>;

interface AgenciesTableProps {
  rows: AgencyRow[];
  loading: boolean;
  empty: ReactNode;
  /** The caller's agency: only its direct sub-agencies are funded and set up from here. */
  ownAgencyId: number;
  canFund: boolean;
  expandedKeys: string[];
  onExpandedKeysChange: (keys: string[]) => void;
  pagination: { current: number; total: number; onChange: (page: number) => void };
  actions: ActionProps;
}

const money = (value: MoneyJson) => (
  <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value)}</span>
);

/** The sub-agency tree: one row per agency, its sub-agencies below it, money in its own currency. */
export function AgenciesTable(props: AgenciesTableProps) {
  const { t } = useTranslation();
  const { ownAgencyId, canFund, actions } = props;

  const columns: TableColumnsType<AgencyRow> = [
    {
      title: t('agencyManager.field.name'),
      dataIndex: 'name',
      render: (name: string) => <strong>{name}</strong>,
    },
    {
      title: t('agencyManager.field.alias'),
      dataIndex: 'alias',
      render: (alias: string | null) => alias ?? '—',
    },
    {
      title: t('agencyManager.field.partnerCode'),
      dataIndex: 'partnerCode',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      title: t('agencyManager.field.status'),
      dataIndex: 'enabled',
      render: (enabled: boolean) =>
        enabled ? (
          <Tag color="green">{t('agencyManager.status.enabled')}</Tag>
        ) : (
          <Tag color="red">{t('agencyManager.status.disabled')}</Tag>
        ),
    },
    {
      title: t('agencyManager.field.balance'),
      key: 'balance',
      align: 'right',
      render: (_, a) => money(a.wallet.balance),
    },
    {
      title: t('agencyManager.field.creditLimit'),
      key: 'creditLimit',
      align: 'right',
      render: (_, a) => money(a.wallet.creditLimit),
    },
    {
      title: t('agencyManager.field.available'),
      key: 'available',
      align: 'right',
      render: (_, a) => money(a.wallet.available),
    },
    {
      title: t('agencyManager.field.actions'),
      key: 'actions',
      render: (_, a) => (
        <AgencyRowActions {...actions} agency={a} canFund={canFund} direct={a.parentId === ownAgencyId} />
      ),
    },
  ];

  return (
    <DataTable<AgencyRow>
      rowKey="key"
      data-testid="agencies-table"
      label={t('router.agencyManager')}
      keyColumn="name"
      actionColumn="actions"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      locale={{ emptyText: props.empty }}
      expandable={{
        expandedRowKeys: props.expandedKeys,
        onExpandedRowsChange: (keys) => props.onExpandedKeysChange(keys.map(String)),
      }}
      pagination={{
        ...props.pagination,
        pageSize: AGENCIES_PAGE_SIZE,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
    />
  );
}
