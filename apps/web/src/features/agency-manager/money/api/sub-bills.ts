import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubAgencyBalance } from '@portal/domain/sub-agencies';
import type {
  TransactionList,
  TransactionQuery,
  WalletEntryList,
  WalletEntryQuery,
} from '@portal/domain/wallet';
import { apiGet } from '../../../../shared/api/client';
import { download } from '../../../../shared/api/download';

/** The wallet entry query the bills page sends; absent filters are left out of the URL. */
export type SubEntryParams = Pick<WalletEntryQuery, 'page' | 'pageSize'> &
  Partial<Pick<WalletEntryQuery, 'dateFrom' | 'dateTo' | 'type' | 'orderId'>>;

/** The transaction query the bills page sends; absent filters are left out of the URL. */
export type SubTransactionParams = Pick<TransactionQuery, 'page' | 'pageSize'> &
  Partial<Pick<TransactionQuery, 'dateFrom' | 'dateTo' | 'paymentMethod' | 'orderId'>>;

/** GET /base/v2/sub/balance/{id}: the sub-agency's name and wallets. */
export function useSubBalance(agencyId: number) {
  return useQuery({
    queryKey: ['sub-balance', agencyId],
    queryFn: () => apiGet<SubAgencyBalance>(`/base/v2/sub/balance/${agencyId}`, { skipErrorToast: true }),
  });
}

/** GET /base/v2/sub/bills/{id}/entries: one page of the sub-agency's wallet entries. */
export function useSubEntries(agencyId: number, params: SubEntryParams) {
  return useQuery({
    queryKey: ['sub-entries', agencyId, params],
    queryFn: () =>
      apiGet<WalletEntryList>(`/base/v2/sub/bills/${agencyId}/entries`, { params, skipErrorToast: true }),
    placeholderData: keepPreviousData,
  });
}

/** GET /base/v2/sub/bills/{id}/transactions: one page of the sub-agency's transaction rows. */
export function useSubTransactions(agencyId: number, params: SubTransactionParams) {
  return useQuery({
    queryKey: ['sub-transactions', agencyId, params],
    queryFn: () =>
      apiGet<TransactionList>(`/base/v2/sub/bills/${agencyId}/transactions`, {
        params,
        skipErrorToast: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /base/v2/sub/bills/{id}/entries/export: the entries of `filters` as an .xlsx download. */
export function exportSubEntries(agencyId: number, filters: Omit<SubEntryParams, 'page' | 'pageSize'>) {
  return download(`/base/v2/sub/bills/${agencyId}/entries/export`, filters, {
    fallbackName: 'sub-agency-wallet-entries.xlsx',
    skipErrorToast: true,
  });
}

/** POST /base/v2/sub/bills/{id}/transactions/export: the rows of `filters` as an .xlsx download. */
export function exportSubTransactions(
  agencyId: number,
  filters: Omit<SubTransactionParams, 'page' | 'pageSize'>,
) {
  return download(`/base/v2/sub/bills/${agencyId}/transactions/export`, filters, {
    fallbackName: 'sub-agency-transactions.xlsx',
    skipErrorToast: true,
  });
}
