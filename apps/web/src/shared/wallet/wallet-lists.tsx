import type { UseQueryResult } from '@tanstack/react-query';
import { Flex } from 'antd';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/paging';
import { PAYMENT_CHANNELS, type PaymentChannel } from '@portal/domain/payment-channels';
import type { TransactionList, WalletEntryList } from '@portal/domain/wallet';
import { WALLET_PAYMENT_TYPES, type WalletPaymentType } from '@portal/domain/wallet-entries';
import { QueryError } from '../ui/query-error';
import { EntriesTable } from './entries-table';
import { ExportButton } from './export-button';
import { ListFilters, type ListFilterValues } from './list-filters';
import { TransactionsTable } from './transactions-table';

/** The server paging of a wallet list. */
export interface ListPaging {
  page: number;
  pageSize: number;
}

/** The first page of a wallet list. */
export const FIRST_PAGE: ListPaging = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

/** A list's filters without its paging: an export takes every row the filters select. */
export type FiltersOf<P> = Omit<P, 'page' | 'pageSize'>;

function withoutPaging<P extends ListPaging>(params: P): FiltersOf<P> {
  const { page: _page, pageSize: _pageSize, ...filters } = params;
  return filters;
}

interface WalletListProps<P extends ListPaging, D extends { total: number }> {
  query: UseQueryResult<D>;
  params: P;
  setParams: Dispatch<SetStateAction<P>>;
  /** Downloads the rows of these filters as an .xlsx. */
  onExport: (filters: FiltersOf<P>) => Promise<unknown>;
  /** Link booking numbers to their order pages: off for a sub-agency's lists (not the user's orders). */
  linkOrders?: boolean;
}

interface ListShape<P, D> {
  kindLabel: string;
  kindOptions: { value: string; label: string }[];
  /** The query with the applied filters, on the first page. */
  applied: (values: ListFilterValues, pageSize: number) => P;
  errorTitle: string;
  table: (
    data: D | undefined,
    loading: boolean,
    onPage: (page: number, pageSize: number) => void,
  ) => ReactNode;
}

/**
 * Filters, the Excel export of the filters and the paged table of a wallet list. Export is off
 * while there is nothing to export or the rows on screen are still those of the previous filters.
 */
function WalletList<P extends ListPaging, D extends { total: number }>({
  query,
  params,
  setParams,
  onExport,
  shape,
}: WalletListProps<P, D> & { shape: ListShape<P, D> }) {
  const exportOff = query.isError || query.isPlaceholderData || !query.data?.total;
  return (
    <>
      <ListFilters
        kindLabel={shape.kindLabel}
        kindOptions={shape.kindOptions}
        onApply={(values) => setParams((p) => shape.applied(values, p.pageSize))}
      />
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <ExportButton disabled={exportOff} onExport={() => onExport(withoutPaging(params))} />
      </Flex>
      {query.isError ? (
        <QueryError title={shape.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        shape.table(query.data, query.isFetching, (page, pageSize) =>
          setParams((p) => ({ ...p, page, pageSize })),
        )
      )}
    </>
  );
}

/** Wallet entries query parameters: paging, dates, payment type and order ID. */
export type EntryListParams = ListPaging & {
  dateFrom?: string;
  dateTo?: string;
  type?: WalletPaymentType;
  orderId?: string;
};

/** The wallet entries of an agency (its own, or a sub-agency's) with filters, export and paging. */
export function WalletEntriesList<P extends EntryListParams>(props: WalletListProps<P, WalletEntryList>) {
  const { t } = useTranslation();
  return (
    <WalletList
      {...props}
      shape={{
        kindLabel: t('bills.entries.paymentType'),
        kindOptions: WALLET_PAYMENT_TYPES.map((type) => ({ value: type, label: t(`bills.type.${type}`) })),
        applied: ({ kind, ...rest }, pageSize) =>
          ({ ...rest, type: kind as WalletPaymentType | undefined, page: 1, pageSize }) as P,
        errorTitle: t('bills.error.entries'),
        table: (data, loading, onPage) => (
          <EntriesTable
            data={data}
            page={props.params.page}
            pageSize={props.params.pageSize}
            loading={loading}
            onPage={onPage}
            linkOrders={props.linkOrders ?? true}
          />
        ),
      }}
    />
  );
}

/** 'All Transactions' query parameters: paging, dates, payment method and order ID. */
export type TransactionListParams = ListPaging & {
  dateFrom?: string;
  dateTo?: string;
  paymentMethod?: PaymentChannel;
  orderId?: string;
};

/** The 'All Transactions' of an agency (its own, or a sub-agency's) with filters, export and paging. */
export function TransactionsList<P extends TransactionListParams>(
  props: WalletListProps<P, TransactionList>,
) {
  const { t } = useTranslation();
  return (
    <WalletList
      {...props}
      shape={{
        kindLabel: t('bills.transactions.paymentMethod'),
        kindOptions: PAYMENT_CHANNELS.map((method) => ({
          value: method,
          label: t(`bills.method.${method}`),
        })),
        applied: ({ kind, ...rest }, pageSize) =>
          ({ ...rest, paymentMethod: kind as PaymentChannel | undefined, page: 1, pageSize }) as P,
        errorTitle: t('bills.error.transactions'),
        table: (data, loading, onPage) => (
          <TransactionsTable
            data={data}
            page={props.params.page}
            pageSize={props.params.pageSize}
            loading={loading}
            onPage={onPage}
            linkOrders={props.linkOrders ?? true}
          />
        ),
      }}
    />
  );
}
