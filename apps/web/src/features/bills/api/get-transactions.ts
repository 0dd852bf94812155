import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaymentChannel } from '@portal/domain/payment';
import type { TransactionList } from '@portal/domain/wallet';
import { apiGet } from '../../../shared/api/client';

/** The query 'All Transactions' sends; absent filters are left out of the URL. */
export interface TransactionParams {
  page: number;
  pageSize: number;
  dateFrom?: string;
  dateTo?: string;
  paymentMethod?: PaymentChannel;
  orderId?: string;
}

/** GET /base/v2/wallet/transactions: one page of transaction rows, newest first. */
export function getTransactions(params: TransactionParams): Promise<TransactionList> {
  return apiGet<TransactionList>('/base/v2/wallet/transactions', { params, skipErrorToast: true });
}

/** Transaction rows of `params`; keeps the previous page on screen while the next one loads. */
export function useTransactions(params: TransactionParams) {
  return useQuery({
    queryKey: ['wallet-transactions', params],
    queryFn: () => getTransactions(params),
    placeholderData: keepPreviousData,
  });
}
