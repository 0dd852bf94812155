import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/flight-order';
import { WALLET_PAYMENT_TYPES, type WalletPaymentType } from '@portal/domain/wallet';
import { QueryError } from '../../../../shared/ui/query-error';
import { EntriesTable } from '../../../../shared/wallet/entries-table';
import { ExportButton } from '../../../../shared/wallet/export-button';
import { ListFilters } from '../../../../shared/wallet/list-filters';
import { exportSubEntries, useSubEntries, withoutPaging, type SubEntryParams } from '../api/sub-bills';

/** The sub-agency's wallet entries: filters, server paging and the Excel export of the filters. */
export function SubEntriesTab({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<SubEntryParams>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const entries = useSubEntries(agencyId, params);
  const exportOff = entries.isError || entries.isPlaceholderData || !entries.data?.total;
  const typeOptions = WALLET_PAYMENT_TYPES.map((type) => ({ value: type, label: t(`bills.type.${type}`) }));
  return (
    <section data-testid="sub-entries">
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
        <ExportButton
          disabled={exportOff}
          onExport={() => exportSubEntries(agencyId, withoutPaging(params))}
        />
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
  );
}
