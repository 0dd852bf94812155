import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatementQuery, WalletStatement } from '@portal/domain/wallet';
import type { listWalletStatements } from '@portal/domain/api/wallet';
import { callApi } from '../../../shared/api/call-api';

/** GET /base/v2/wallet/statements: a statement per month and wallet currency of `query`. */
export function getWalletStatements(query: StatementQuery): Promise<WalletStatement[]> {
  return callApi<typeof listWalletStatements>(
    { method: 'GET', path: '/base/v2/wallet/statements' },
    { query },
    { skipErrorToast: true },
  );
}

/** The statements of `query`; keeps the previous months on screen while new ones load. */
export function useWalletStatements(query: StatementQuery) {
  return useQuery({
    queryKey: ['wallet-statements', query],
    queryFn: () => getWalletStatements(query),
    placeholderData: keepPreviousData,
  });
}
