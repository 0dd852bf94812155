import type { StatementQuery } from '@portal/domain/wallet';
import { download } from '../../../shared/api/download';
import type { FiltersOf } from '../../../shared/wallet/wallet-lists';
import type { TransactionParams } from './get-transactions';
import type { WalletEntryParams } from './get-wallet-entries';

/** POST /base/v2/wallet/entries/export: the wallet entries of `filters` as an .xlsx download. */
export function exportWalletEntries(filters: FiltersOf<WalletEntryParams>): Promise<string> {
  return download('/base/v2/wallet/entries/export', filters, {
    fallbackName: 'wallet-entries.xlsx',
    skipErrorToast: true,
  });
}

/** POST /base/v2/wallet/transactions/export: 'All Transactions' of `filters` as an .xlsx download. */
export function exportTransactions(filters: FiltersOf<TransactionParams>): Promise<string> {
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
