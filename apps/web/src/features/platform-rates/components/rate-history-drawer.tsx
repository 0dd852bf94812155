import { Drawer, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RatedCurrency, RateHistoryEntry } from '@portal/domain/platform-rates';
import { formatDateTime } from '../../../shared/dates/format-date';
import { QueryError } from '../../../shared/ui/query-error';
import { useRateHistory } from '../api/platform-rates';

/** Every change of one currency's rate, newest first, paged by the server. */
export function RateHistoryDrawer({
  currency,
  onClose,
}: {
  currency: RatedCurrency | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useRateHistory(currency, page, 20);
  const columns: ColumnsType<RateHistoryEntry> = [
    { key: 'at', title: t('platformRates.rates.history.at'), render: (_, r) => formatDateTime(r.at) },
    {
      key: 'event',
      title: t('platformRates.rates.history.event'),
      render: (_, r) => <Tag>{t(`platformRates.rates.event.${r.event}`)}</Tag>,
    },
    { key: 'rate', title: t('platformRates.rates.field.rate'), dataIndex: 'rate' },
    { key: 'feedRate', title: t('platformRates.rates.field.feedRate'), dataIndex: 'feedRate' },
    { key: 'by', title: t('platformRates.rates.history.by'), render: (_, r) => r.by ?? '' },
    { key: 'reason', title: t('platformRates.rates.history.reason'), render: (_, r) => r.reason ?? '' },
  ];
  return (
    <Drawer
      open={currency !== null}
      onClose={onClose}
      width={720}
      title={t('platformRates.rates.history.title', { currency })}
      destroyOnHidden
    >
      {history.isError ? (
        <QueryError
          title={t('platformRates.rates.history.error')}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <Table<RateHistoryEntry>
          data-testid="rate-history-table"
          rowKey="id"
          size="small"
          loading={history.isFetching}
          columns={columns}
          dataSource={history.data?.list ?? []}
          locale={{ emptyText: t('platformRates.rates.history.empty') }}
          pagination={{
            current: page,
            pageSize: 20,
            total: history.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      )}
    </Drawer>
  );
}
