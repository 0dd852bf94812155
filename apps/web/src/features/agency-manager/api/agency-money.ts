import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type * as walletApi from '@portal/domain/api/wallet';
import type { CreditLimitBody, TopUpBody, WalletChange } from '@portal/domain/wallet';
import { callApi } from '../../../shared/api/call-api';
import { AGENCIES_KEY } from './agencies';

/**
 * A money write on one sub-agency with an `Idempotency-Key`: the same key while the body is the
 * same (a retry after a lost answer moves nothing twice), a new one once it changes (the API
 * refuses another body under the old key). The tree's balances and the caller's own wallet (the
 * parent's money it came from) refresh afterwards.
 */
function useMoneyWrite<B>(send: (agencyId: number, body: B, key: string) => Promise<WalletChange>) {
  const client = useQueryClient();
  const last = useRef<{ text: string; key: string } | null>(null);
  return useMutation({
    mutationFn: ({ agencyId, body }: { agencyId: number; body: B }) => {
      const text = JSON.stringify([agencyId, body]);
      if (last.current?.text !== text) last.current = { text, key: crypto.randomUUID() };
      return send(agencyId, body, last.current.key);
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: AGENCIES_KEY });
      await client.invalidateQueries({ queryKey: OWN_BALANCES_KEY });
    },
  });
}

const OWN_BALANCES_KEY = ['wallet-balances'];

/**
 * GET /base/v2/wallet/balances: the caller's own wallets. A sub-agency's funds and credit come
 * from them (a top-up is a transfer, a credit line is lent), so the forms show what is available.
 */
export function useOwnBalances() {
  return useQuery({
    queryKey: OWN_BALANCES_KEY,
    queryFn: () =>
      callApi<typeof walletApi.listWalletBalances>(
        { method: 'GET', path: '/base/v2/wallet/balances' },
        {},
        { skipErrorToast: true },
      ),
  });
}

/** POST /base/v2/agencies/{id}/balance: adds funds to a direct sub-agency's wallet. */
export function useTopUp() {
  return useMoneyWrite<TopUpBody>((agencyId, body, key) =>
    callApi<typeof walletApi.topUpAgency>(
      { method: 'POST', path: '/base/v2/agencies/:id/balance' },
      { params: { id: agencyId }, body },
      { headers: { 'Idempotency-Key': key }, skipErrorToast: true },
    ),
  );
}

/** PUT /base/v2/agencies/{id}/credit: sets a direct sub-agency's credit limit. */
export function useSetCreditLimit() {
  return useMoneyWrite<CreditLimitBody>((agencyId, body, key) =>
    callApi<typeof walletApi.setCreditLimit>(
      { method: 'PUT', path: '/base/v2/agencies/:id/credit' },
      { params: { id: agencyId }, body },
      { headers: { 'Idempotency-Key': key }, skipErrorToast: true },
    ),
  );
}
