import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { StatusColor } from '@portal/domain/flight-order-status';
import type { Approval, ApprovalList, ApprovalStatus } from '@portal/domain/platform-funding';
import { formatDateTime } from '../../../shared/dates/format-date';
import { PagedTable } from '../../../shared/ui/paged-table';
import { StatusClassTag } from '../../../shared/ui/status-class-tag';
import { ApprovalActions, postedText, type ApprovalHandlers } from './approval-actions';

const STATUS_COLOR: Record<ApprovalStatus, StatusColor> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  cancelled: 'info',
};

/** What a request asks for: the amount and how it was received, or the new limit. */
function Asked({ approval }: { approval: Approval }) {
  const { t } = useTranslation();
  if (approval.kind === 'credit') {
    return <>{t('platformFunding.newLimit', { amount: postedText(approval) })}</>;
  }
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{postedText(approval)}</Typography.Text>
      <Typography.Text type="secondary">
        {t('platformFunding.received', {
          amount: approval.amountReceived ?? '',
          rate: approval.exchangeRate ?? '',
          fee: approval.transactionFeePercent ?? '0',
        })}
      </Typography.Text>
    </Space>
  );
}

const adminName = (admin: Approval['requestedBy'] | null) => admin?.username ?? (admin ? `#${admin.id}` : '');

interface ApprovalsTableProps extends ApprovalHandlers {
  testId: string;
  label: string;
  data: ApprovalList | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  emptyText: string;
  onPage: (page: number, pageSize: number) => void;
}

/** Requests, newest first: what each asks, who asked, where it stands, and what the caller may do. */
export function ApprovalsTable({
  testId,
  label,
  data,
  loading,
  page,
  pageSize,
  emptyText,
  onPage,
  ...handlers
}: ApprovalsTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<Approval> = [
    {
      key: 'requestedAt',
      title: t('platformFunding.col.requestedAt'),
      render: (_, a) => formatDateTime(a.requestedAt),
    },
    {
      key: 'kind',
      title: t('platformFunding.col.kind'),
      render: (_, a) => t(`platformFunding.kind.${a.kind}`),
    },
    {
      key: 'agency',
      title: t('platformFunding.col.agency'),
      render: (_, a) => `${a.agencyName} (${a.agencyId})`,
    },
    { key: 'amount', title: t('platformFunding.col.amount'), render: (_, a) => <Asked approval={a} /> },
    {
      key: 'reference',
      title: t('platformFunding.col.reference'),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <span>{a.reference ?? ''}</span>
          {a.note && <Typography.Text type="secondary">{a.note}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'requestedBy',
      title: t('platformFunding.col.requestedBy'),
      render: (_, a) => adminName(a.requestedBy),
    },
    {
      key: 'status',
      title: t('platformFunding.col.status'),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <StatusClassTag status={a.status} color={STATUS_COLOR[a.status]}>
            {t(`platformFunding.status.${a.status}`)}
          </StatusClassTag>
          {a.decidedAt && (
            <Typography.Text type="secondary">
              {t('platformFunding.decidedBy', {
                status: t(`platformFunding.status.${a.status}`),
                name: adminName(a.decidedBy),
                date: formatDateTime(a.decidedAt),
              })}
            </Typography.Text>
          )}
          {a.reason && <Typography.Text type="secondary">{a.reason}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('platformFunding.col.actions'),
      render: (_, a) => <ApprovalActions approval={a} {...handlers} />,
    },
  ];
  return (
    <PagedTable<Approval>
      testId={testId}
      label={label}
      rowKey="id"
      keyColumn="requestedAt"
      actionColumn="actions"
      columns={columns}
      data={data}
      loading={loading}
      page={page}
      pageSize={pageSize}
      emptyText={emptyText}
      totalText={(total) => t('platformFunding.total', { total })}
      onChange={(p, size) => onPage(p, size)}
    />
  );
}
