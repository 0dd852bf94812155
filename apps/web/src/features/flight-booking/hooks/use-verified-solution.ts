import { useMemo } from 'react';
import { Solution } from '@portal/domain/shopping';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useSessionStore } from '../../../shared/stores/session-store';

export type VerifiedState =
  | { kind: 'missing' }
  | { kind: 'currencyChanged' }
  | { kind: 'ok'; solution: Solution; clearPassengers: boolean };

/**
 * The price-checked solution of the search store for the confirmation page: missing when there is
 * none, currencyChanged when the company's settlement currency is no longer its currency (spec §4).
 */
export function useVerifiedSolution(): VerifiedState {
  const verified = useFlightSearchStore((s) => s.verified);
  const settlement = useSessionStore((s) => s.company?.config.commonConfig.settlementCurrency);
  return useMemo(() => {
    const parsed = Solution.safeParse(verified?.solution);
    if (!parsed.success) return { kind: 'missing' };
    if (settlement && parsed.data.priceDetail.total.currency !== settlement)
      return { kind: 'currencyChanged' };
    return { kind: 'ok', solution: parsed.data, clearPassengers: verified?.clearPassengers === true };
  }, [verified, settlement]);
}
