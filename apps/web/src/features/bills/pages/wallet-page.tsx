import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/flight-order';
import { WALLET_PAYMENT_TYPES, type WalletPaymentType } from '@portal/domain/wallet';
import { PageTitle } from '../../../shared/ui/page-title';
import { exportWalletEntries, filtersOf } from '../api/export-lists';
import { useWalletEntries, type WalletEntryParams } from '../api/get-wallet-entries';
import { BalanceCards } from '../components/balance-cards';
import { EntriesTable } from '../../../shared/wallet/entries-table';
import { ExportButton } from '../../../shared/wallet/export-button';
import { LateCapturesSection } from '../components/late-captures-section';
import { ListFilters } from '../../../shared/wallet/list-filters';
import { QueryError } from '../../../shared/ui/query-error';

/** /bills/wallet: a card per currency, then the wallet entries with filters and server paging. */
export function WalletPage() {
  const { t } = useTranslation();
  const [params, setParams] = useState<WalletEntryParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const entries = useWalletEntries(params);
  // Nothing to export, or the rows on screen are still those of the previous filters.
  const exportOff = entries.isError || entries.isPlaceholderData || !entries.data?.total;
  const typeOptions = WALLET_PAYMENT_TYPES.map((type) => ({ value: type, label: t(`bills.type.${type}`) }));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }} data-testid="wallet-page">
      <PageTitle>{t('router.wallet')}</PageTitle>
      <BalanceCards />
      <section aria-labelledby="wallet-entries-heading">
        <Typography.Title level={2} id="wallet-entries-heading" style={{ fontSize: 18 }}>
          {t('bills.entries.title')}
        </Typography.Title>
        <ListFilters
          kindLabel={t('bills.entries.paymentType')}
          kindOptions={typeOptions}
          onApply={({ kind, ...rest }) =>
            setParams((p) => ({
              ...rest,
              type: kind as WalletPaymentType | undefined,
              page: 1,
              pageSize: p.pageSize,
            }))
          }
        />
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <ExportButton disabled={exportOff} onExport={() => exportWalletEntries(filtersOf(params))} />
        </Flex>
        {entries.isError ? (
          <QueryError
            title={t('bills.error.entries')}
            error={entries.error}
            onRetry={() => void entries.refetch()}
          />
        ) : (
          <EntriesTable
            data={entries.data}
            page={params.page}
            pageSize={params.pageSize}
            loading={entries.isFetching}
            onPage={(page, pageSize) => setParams((p) => ({ ...p, page, pageSize }))}
          />
        )}
      </section>
      <LateCapturesSection />
    </div>
  );
}
