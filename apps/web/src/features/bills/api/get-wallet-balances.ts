import { useQuery } from '@tanstack/react-query';
import type { WalletBalance } from '@portal/domain/wallet';
import { apiGet } from '../../../shared/api/client';

/** GET /base/v2/wallet/balances: balance, credit limit and available amount per currency. */
export function getWalletBalances(): Promise<WalletBalance[]> {
  return apiGet<WalletBalance[]>('/base/v2/wallet/balances', { skipErrorToast: true });
}

/** The agency's wallet balances; the page shows the error itself. */
export function useWalletBalances() {
  return useQuery({ queryKey: ['wallet-balances'], queryFn: getWalletBalances });
}
