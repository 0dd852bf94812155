import { Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LateCapture } from '@portal/domain/late-capture';
import { formatMoney } from '../../../shared/money/format-money';
import { DataTable } from '../../../shared/ui/data-table';
import { QueryError } from '../../../shared/ui/query-error';
import { useLateCaptures } from '../api/get-late-captures';
import { formatTimestamp } from '../../../shared/wallet/format';

const PAGE_SIZE = 5;

function Time({ value }: { value: string | null }) {
  return value ? <time dateTime={value}>{formatTimestamp(value)}</time> : <>-</>;
}

/**
 * For finance on the wallet page: card payments the gateway captured after their order could no
 * longer take them (paid by balance, canceled, payment expired), each refunded through the
 * provider. Shown only when there is one (or when the list fails to load).
 */
export function LateCapturesSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const captures = useLateCaptures({ page, pageSize: PAGE_SIZE });
  const columns: TableColumnsType<LateCapture> = [
    {
      title: t('bills.lateCaptures.capturedAt'),
      dataIndex: 'capturedAt',
      render: (v: string) => <Time value={v} />,
    },
    { title: t('bills.lateCaptures.bookingNumber'), dataIndex: 'bookingNumber' },
    {
      title: t('bills.lateCaptures.channel'),
      dataIndex: 'channel',
      render: (channel: LateCapture['channel']) => t(`bills.method.${channel}`),
    },
    {
      title: t('bills.lateCaptures.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: LateCapture['amount']) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount)}</span>
      ),
    },
    {
      title: t('bills.lateCaptures.reason'),
      key: 'reason',
      render: (_: unknown, row: LateCapture) =>
        t(`bills.lateCaptures.reasonLabel.${row.reason}`, {
          status: t(`orders.status.${row.orderStatus}`, { defaultValue: row.orderStatus }),
        }),
    },
    { title: t('bills.lateCaptures.tradeNo'), dataIndex: 'tradeNo' },
    {
      title: t('bills.lateCaptures.status'),
      dataIndex: 'status',
      render: (status: LateCapture['status']) => (
        <Tag color={status === 'refunded' ? 'green' : 'orange'} data-testid="late-capture-status">
          {t(`bills.lateCaptures.statusLabel.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('bills.lateCaptures.refundedAt'),
      dataIndex: 'refundedAt',
      render: (v: string | null) => <Time value={v} />,
    },
  ];

  if (!captures.isError && !captures.data?.total) return null;
  return (
    <section aria-labelledby="late-captures-heading" data-testid="late-captures">
      <Typography.Title level={2} id="late-captures-heading" style={{ fontSize: 18 }}>
        {t('bills.lateCaptures.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('bills.lateCaptures.intro')}</Typography.Paragraph>
      {captures.isError ? (
        <QueryError
          title={t('bills.lateCaptures.error')}
          error={captures.error}
          onRetry={() => void captures.refetch()}
        />
      ) : (
        <DataTable<LateCapture>
          rowKey="id"
          size="small"
          data-testid="late-captures-table"
          label={t('bills.lateCaptures.title')}
          keyColumn="bookingNumber"
          columns={columns}
          dataSource={captures.data?.list ?? []}
          loading={captures.isFetching}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: captures.data?.total ?? 0,
            hideOnSinglePage: true,
            showTotal: (total) => t('bills.total', { count: total }),
            onChange: setPage,
          }}
        />
      )}
    </section>
  );
}
