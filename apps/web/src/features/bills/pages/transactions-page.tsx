import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/flight-order';
import { PAYMENT_CHANNELS, type PaymentChannel } from '@portal/domain/payment';
import { PageTitle } from '../../../shared/ui/page-title';
import { exportTransactions, filtersOf } from '../api/export-lists';
import { useTransactions, type TransactionParams } from '../api/get-transactions';
import { ExportButton } from '../../../shared/wallet/export-button';
import { ListFilters } from '../../../shared/wallet/list-filters';
import { QueryError } from '../../../shared/ui/query-error';
import { TransactionsTable } from '../../../shared/wallet/transactions-table';

/** /bills/transactions ('All Transactions'): transaction rows with filters and server paging. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useState<TransactionParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const rows = useTransactions(params);
  // Nothing to export, or the rows on screen are still those of the previous filters.
  const exportOff = rows.isError || rows.isPlaceholderData || !rows.data?.total;
  const methodOptions = PAYMENT_CHANNELS.map((method) => ({
    value: method,
    label: t(`bills.method.${method}`),
  }));

  return (
    <div data-testid="transactions-page">
      <PageTitle>{t('router.transactions')}</PageTitle>
      <ListFilters
        kindLabel={t('bills.transactions.paymentMethod')}
        kindOptions={methodOptions}
        onApply={({ kind, ...rest }) =>
          setParams((p) => ({
            ...rest,
            paymentMethod: kind as PaymentChannel | undefined,
            page: 1,
            pageSize: p.pageSize,
          }))
        }
      />
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <ExportButton disabled={exportOff} onExport={() => exportTransactions(filtersOf(params))} />
      </Flex>
      {rows.isError ? (
        <QueryError
          title={t('bills.error.transactions')}
          error={rows.error}
          onRetry={() => void rows.refetch()}
        />
      ) : (
        <TransactionsTable
          data={rows.data}
          page={params.page}
          pageSize={params.pageSize}
          loading={rows.isFetching}
          onPage={(page, pageSize) => setParams((p) => ({ ...p, page, pageSize }))}
        />
      )}
    </div>
  );
}
