import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubAgencyBalance } from '@portal/domain/sub-agencies';
import type { TransactionQuery, WalletEntryQuery } from '@portal/domain/wallet';
import type * as subAgenciesApi from '@portal/domain/api/sub-agencies';
import { callApi } from '../../../../shared/api/call-api';
import { afterCursor } from '../../../../shared/api/keyset';
import { downloadFile } from '../../../../shared/api/download';

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
    queryFn: (): Promise<SubAgencyBalance> =>
      callApi<typeof subAgenciesApi.getSubAgencyBalance>(
        { method: 'GET', path: '/base/v2/sub/balance/:id' },
        { params: { id: agencyId } },
        { skipErrorToast: true },
      ),
  });
}

/** GET /base/v2/sub/bills/{id}/entries: one page of the sub-agency's wallet entries. */
export function useSubEntries(agencyId: number, params: SubEntryParams) {
  const client = useQueryClient();
  const keyOf = (page: number) => ['sub-entries', agencyId, { ...params, page }];
  return useQuery({
    queryKey: ['sub-entries', agencyId, params],
    queryFn: () =>
      callApi<typeof subAgenciesApi.listSubWalletEntries>(
        { method: 'GET', path: '/base/v2/sub/bills/:id/entries' },
        { params: { id: agencyId }, query: { ...params, ...afterCursor(client, keyOf, params.page) } },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /base/v2/sub/bills/{id}/transactions: one page of the sub-agency's transaction rows. */
export function useSubTransactions(agencyId: number, params: SubTransactionParams) {
  const client = useQueryClient();
  const keyOf = (page: number) => ['sub-transactions', agencyId, { ...params, page }];
  return useQuery({
    queryKey: ['sub-transactions', agencyId, params],
    queryFn: () =>
      callApi<typeof subAgenciesApi.listSubTransactions>(
        { method: 'GET', path: '/base/v2/sub/bills/:id/transactions' },
        { params: { id: agencyId }, query: { ...params, ...afterCursor(client, keyOf, params.page) } },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /base/v2/sub/bills/{id}/entries/export: the entries of `filters` as an .xlsx download. */
export function exportSubEntries(agencyId: number, filters: Omit<SubEntryParams, 'page' | 'pageSize'>) {
  return downloadFile<typeof subAgenciesApi.exportSubWalletEntries>(
    { method: 'POST', path: '/base/v2/sub/bills/:id/entries/export' },
    { params: { id: agencyId }, body: filters },
    {
      fallbackName: 'sub-agency-wallet-entries.xlsx',
      skipErrorToast: true,
    },
  );
}

/** POST /base/v2/sub/bills/{id}/transactions/export: the rows of `filters` as an .xlsx download. */
export function exportSubTransactions(
  agencyId: number,
  filters: Omit<SubTransactionParams, 'page' | 'pageSize'>,
) {
  return downloadFile<typeof subAgenciesApi.exportSubTransactions>(
    { method: 'POST', path: '/base/v2/sub/bills/:id/transactions/export' },
    { params: { id: agencyId }, body: filters },
    {
      fallbackName: 'sub-agency-transactions.xlsx',
      skipErrorToast: true,
    },
  );
}
