import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletEntryList, WalletPaymentType } from '@portal/domain/wallet';
import type { listWalletEntries } from '@portal/domain/api/wallet';
import { callApi } from '../../../shared/api/call-api';
import { afterCursor } from '../../../shared/api/keyset';

/** The query the wallet page sends; absent filters are left out of the URL. */
export interface WalletEntryParams {
  page: number;
  pageSize: number;
  dateFrom?: string;
  dateTo?: string;
  type?: WalletPaymentType;
  orderId?: string;
  /** The `next` of the page before (keyset paging). */
  after?: string;
}

/** GET /base/v2/wallet/entries: one page of wallet entries, newest first. */
export function getWalletEntries(params: WalletEntryParams): Promise<WalletEntryList> {
  return callApi<typeof listWalletEntries>(
    { method: 'GET', path: '/base/v2/wallet/entries' },
    { query: params },
    { skipErrorToast: true },
  );
}

/** Wallet entries of `params`; keeps the previous page on screen while the next one loads, and pages on by cursor. */
export function useWalletEntries(params: WalletEntryParams) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['wallet-entries', params],
    queryFn: () =>
      getWalletEntries({
        ...params,
        ...afterCursor(client, (page) => ['wallet-entries', { ...params, page }], params.page),
      }),
    placeholderData: keepPreviousData,
  });
}
