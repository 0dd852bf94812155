import { useQuery } from '@tanstack/react-query';
import type { WalletBalance } from '@portal/domain/wallet';
import type { listWalletBalances } from '@portal/domain/api/wallet';
import { callApi } from '../../../shared/api/call-api';

/** GET /base/v2/wallet/balances: balance, credit limit and available amount per currency. */
export function getWalletBalances(): Promise<WalletBalance[]> {
  return callApi<typeof listWalletBalances>(
    { method: 'GET', path: '/base/v2/wallet/balances' },
    {},
    { skipErrorToast: true },
  );
}

/** The agency's wallet balances; the page shows the error itself. */
export function useWalletBalances() {
  return useQuery({ queryKey: ['wallet-balances'], queryFn: getWalletBalances });
}
