import type { StatementQuery } from '@portal/domain/wallet';
import { download } from '../../../shared/api/download';
import type { TransactionParams } from './get-transactions';
import type { WalletEntryParams } from './get-wallet-entries';

/** A list's filters without its paging: an export takes every row the filters select. */
type Filters<T> = Omit<T, 'page' | 'pageSize'>;

/** Drops the paging of a list query; the rest is what the export is asked for. */
export function filtersOf<T extends { page: number; pageSize: number }>(params: T): Filters<T> {
  const { page: _page, pageSize: _pageSize, ...filters } = params;
  return filters;
}

/** POST /base/v2/wallet/entries/export: the wallet entries of `filters` as an .xlsx download. */
export function exportWalletEntries(filters: Filters<WalletEntryParams>): Promise<string> {
  return download('/base/v2/wallet/entries/export', filters, {
    fallbackName: 'wallet-entries.xlsx',
    skipErrorToast: true,
  });
}

/** POST /base/v2/wallet/transactions/export: 'All Transactions' of `filters` as an .xlsx download. */
export function exportTransactions(filters: Filters<TransactionParams>): Promise<string> {
  return download('/base/v2/wallet/transactions/export', filters, {
    fallbackName: 'transactions.xlsx',
    skipErrorToast: true,
  });
}

/** POST /base/v2/wallet/statements/export: the statements of `query` as an .xlsx download. */
export function exportStatements(query: StatementQuery): Promise<string> {
  return download('/base/v2/wallet/statements/export', query, {
    fallbackName: 'wallet-statements.xlsx',
    skipErrorToast: true,
  });
}
