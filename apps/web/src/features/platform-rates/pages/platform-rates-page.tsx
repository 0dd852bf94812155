import { Alert, Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformRate, RatedCurrency, RatesImportResult } from '@portal/domain/platform-rates';
import { isApiError } from '../../../shared/api/api-error';
import { formatDateTime } from '../../../shared/dates/format-date';
import { usePlatformAdmin } from '../../../shared/platform/use-platform-admin';
import { toast } from '../../../shared/ui/message-bridge';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryError } from '../../../shared/ui/query-error';
import { usePlatformRates, useRateActions } from '../api/platform-rates';
import { RateHistoryDrawer } from '../components/rate-history-drawer';
import { RateOverrideDialog } from '../components/rate-override-dialog';

const SOURCE_COLOR = { seed: 'default', feed: 'blue', manual: 'orange' } as const;

/** /platform/rates: the rates per 1 CNY with their source; finance overrides, clears and imports. */
export function PlatformRatesPage() {
  const { t } = useTranslation();
  const rates = usePlatformRates();
  const { can } = usePlatformAdmin();
  const finance = can('platform:finance');
  const { override, clear, importNow } = useRateActions();
  const [editing, setEditing] = useState<RatedCurrency | null>(null);
  const [history, setHistory] = useState<RatedCurrency | null>(null);
  const [imported, setImported] = useState<RatesImportResult | null>(null);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.silent) return;
    toast().error(error instanceof Error && error.message ? error.message : t('platformRates.common.failed'));
  };
  const handleOverride = (input: { rate: string; reason: string }) => {
    if (!editing) return;
    override.mutate(
      { currency: editing, rate: input.rate.trim(), reason: input.reason.trim() },
      { onSuccess: () => setEditing(null), onError: fail },
    );
  };
  const handleImport = () => importNow.mutate(undefined, { onSuccess: setImported, onError: fail });

  const columns: ColumnsType<PlatformRate> = [
    { key: 'currency', title: t('platformRates.rates.field.currency'), dataIndex: 'currency' },
    { key: 'rate', title: t('platformRates.rates.field.rate'), dataIndex: 'rate' },
    {
      key: 'source',
      title: t('platformRates.rates.field.source'),
      render: (_, r) => (
        <Tag color={SOURCE_COLOR[r.source]}>{t(`platformRates.rates.source.${r.source}`)}</Tag>
      ),
    },
    {
      key: 'updatedAt',
      title: t('platformRates.rates.field.updatedAt'),
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    { key: 'feedRate', title: t('platformRates.rates.field.feedRate'), dataIndex: 'feedRate' },
    {
      key: 'override',
      title: t('platformRates.rates.field.override'),
      render: (_, r) => (r.override ? `${r.override.reason} (${r.override.by})` : ''),
    },
    {
      key: 'actions',
      title: t('platformRates.common.actions'),
      render: (_, r) => {
        const currency = r.currency as RatedCurrency;
        return (
          <Space size="small" wrap>
            <Button size="small" onClick={() => setHistory(currency)}>
              {t('platformRates.rates.action.history')}
            </Button>
            {finance && (
              <Button size="small" onClick={() => setEditing(currency)}>
                {t('platformRates.rates.action.override')}
              </Button>
            )}
            {finance && r.override && (
              <Button
                size="small"
                loading={clear.isPending}
                onClick={() => clear.mutate(currency, { onError: fail })}
              >
                {t('platformRates.rates.action.clear')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div data-testid="platform-rates-page">
      <PageTitle>{t('platformRatesShell.page.rates')}</PageTitle>
      <Space style={{ marginBottom: 16 }} wrap>
        <span>
          {rates.data?.feed
            ? t('platformRates.rates.feed', { name: rates.data.feed })
            : t('platformRates.rates.noFeed')}
        </span>
        {finance && (
          <Button
            type="primary"
            disabled={!rates.data?.feed}
            loading={importNow.isPending}
            onClick={handleImport}
          >
            {t('platformRates.rates.action.import')}
          </Button>
        )}
      </Space>
      {imported && (
        <Alert
          data-testid="rates-import-result"
          style={{ marginBottom: 16 }}
          type={imported.refused.length > 0 ? 'warning' : 'success'}
          closable
          onClose={() => setImported(null)}
          title={t('platformRates.rates.imported', {
            applied: imported.applied.length,
            unchanged: imported.unchanged,
          })}
          description={imported.refused
            .map((r) =>
              t(`platformRates.rates.refused.${r.reason}`, { currency: r.currency, from: r.from, to: r.to }),
            )
            .join(' ')}
        />
      )}
      {rates.isError ? (
        <QueryError
          title={t('platformRates.rates.error')}
          error={rates.error}
          onRetry={() => void rates.refetch()}
        />
      ) : (
        <Table<PlatformRate>
          data-testid="platform-rates-table"
          rowKey="currency"
          loading={rates.isFetching}
          columns={columns}
          dataSource={rates.data?.rates ?? []}
          pagination={false}
          locale={{ emptyText: t('platformRates.rates.empty') }}
          scroll={{ x: true }}
        />
      )}
      <RateOverrideDialog
        currency={editing}
        saving={override.isPending}
        onSubmit={handleOverride}
        onCancel={() => setEditing(null)}
      />
      <RateHistoryDrawer currency={history} onClose={() => setHistory(null)} />
    </div>
  );
}
