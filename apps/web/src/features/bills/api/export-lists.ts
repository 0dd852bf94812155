import type { StatementQuery } from '@portal/domain/wallet';
import type * as walletApi from '@portal/domain/api/wallet';
import { downloadFile } from '../../../shared/api/download';
import type { FiltersOf } from '../../../shared/wallet/wallet-lists';
import type { TransactionParams } from './get-transactions';
import type { WalletEntryParams } from './get-wallet-entries';

/** POST /base/v2/wallet/entries/export: the wallet entries of `filters` as an .xlsx download. */
export function exportWalletEntries(filters: FiltersOf<WalletEntryParams>): Promise<string> {
  return downloadFile<typeof walletApi.exportWalletEntries>(
    { method: 'POST', path: '/base/v2/wallet/entries/export' },
    { body: filters },
    {
      fallbackName: 'wallet-entries.xlsx',
      skipErrorToast: true,
    },
  );
}

/** POST /base/v2/wallet/transactions/export: 'All Transactions' of `filters` as an .xlsx download. */
export function exportTransactions(filters: FiltersOf<TransactionParams>): Promise<string> {
  return downloadFile<typeof walletApi.exportTransactions>(
    { method: 'POST', path: '/base/v2/wallet/transactions/export' },
    { body: filters },
    {
      fallbackName: 'transactions.xlsx',
      skipErrorToast: true,
    },
  );
}

/** POST /base/v2/wallet/statements/export: the statements of `query` as an .xlsx download. */
export function exportStatements(query: StatementQuery): Promise<string> {
  return downloadFile<typeof walletApi.exportWalletStatements>(
    { method: 'POST', path: '/base/v2/wallet/statements/export' },
    { body: query },
    {
      fallbackName: 'wallet-statements.xlsx',
      skipErrorToast: true,
    },
  );
}
