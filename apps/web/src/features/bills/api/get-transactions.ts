import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentChannel } from '@portal/domain/payment';
import type { TransactionList } from '@portal/domain/wallet';
import type { listTransactions } from '@portal/domain/api/wallet';
import { callApi } from '../../../shared/api/call-api';
import { afterCursor } from '../../../shared/api/keyset';

/** The query 'All Transactions' sends; absent filters are left out of the URL. */
export interface TransactionParams {
  page: number;
  pageSize: number;
  dateFrom?: string;
  dateTo?: string;
  paymentMethod?: PaymentChannel;
  orderId?: string;
  /** The `next` of the page before (keyset paging). */
  after?: string;
}

/** GET /base/v2/wallet/transactions: one page of transaction rows, newest first. */
export function getTransactions(params: TransactionParams): Promise<TransactionList> {
  return callApi<typeof listTransactions>(
    { method: 'GET', path: '/base/v2/wallet/transactions' },
    { query: params },
    { skipErrorToast: true },
  );
}

/** Transaction rows of `params`; keeps the previous page on screen while the next one loads, and pages on by cursor. */
export function useTransactions(params: TransactionParams) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['wallet-transactions', params],
    queryFn: () =>
      getTransactions({
        ...params,
        ...afterCursor(client, (page) => ['wallet-transactions', { ...params, page }], params.page),
      }),
    placeholderData: keepPreviousData,
  });
}
