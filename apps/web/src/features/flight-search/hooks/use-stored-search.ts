import { useEffect, useMemo } from 'react';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useSessionStore } from '../../../shared/stores/session-store';
import { readStoredSearch, type StoredSearch } from '../model/search-form';

/**
 * The search kept for this session, checked against the domain schemas. When the company's
 * settlement currency is not the currency of the cached results, the cache is cleared (spec §4).
 */
export function useStoredSearch(): StoredSearch | null {
  const raw = useFlightSearchStore((s) => s.search);
  const settlement = useSessionStore((s) => s.company?.config.commonConfig.settlementCurrency);
  const stored = useMemo(() => readStoredSearch(raw), [raw]);
  const mismatch = Boolean(stored?.result && settlement && stored.result.currency !== settlement);

  useEffect(() => {
    if (mismatch) useFlightSearchStore.getState().clear();
    else if (raw && !stored) useFlightSearchStore.getState().clear();
  }, [mismatch, raw, stored]);

  return mismatch ? null : stored;
}
