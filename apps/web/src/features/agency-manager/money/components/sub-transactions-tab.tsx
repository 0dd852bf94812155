import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/flight-order';
import { PAYMENT_CHANNELS, type PaymentChannel } from '@portal/domain/payment';
import { QueryError } from '../../../../shared/ui/query-error';
import { ExportButton } from '../../../../shared/wallet/export-button';
import { ListFilters } from '../../../../shared/wallet/list-filters';
import { TransactionsTable } from '../../../../shared/wallet/transactions-table';
import {
  exportSubTransactions,
  useSubTransactions,
  withoutPaging,
  type SubTransactionParams,
} from '../api/sub-bills';

/** The sub-agency's 'All Transactions': filters, server paging and the Excel export of the filters. */
export function SubTransactionsTab({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<SubTransactionParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const rows = useSubTransactions(agencyId, params);
  const exportOff = rows.isError || rows.isPlaceholderData || !rows.data?.total;
  const methodOptions = PAYMENT_CHANNELS.map((method) => ({
    value: method,
    label: t(`bills.method.${method}`),
  }));
  return (
    <section data-testid="sub-transactions">
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
        <ExportButton
          disabled={exportOff}
          onExport={() => exportSubTransactions(agencyId, withoutPaging(params))}
        />
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
    </section>
  );
}
