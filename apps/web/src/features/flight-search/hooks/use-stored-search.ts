import { useEffect, useMemo, useState } from 'react';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useSessionStore } from '../../../shared/stores/session-store';
import type * as StoredSearchModule from '../model/stored-search';
import type { StoredSearch } from '../model/stored-search';

type Reader = typeof StoredSearchModule;

/** The schemas' module once loaded: the search page opens without zod and loads it for a search. */
let reader: Reader | null = null;
const loadReader = async (): Promise<Reader> => (reader ??= await import('../model/stored-search'));

/**
 * The search kept for this session, checked against the domain schemas, which load when there is
 * a search to check: `undefined` while they load, then the search or `null`. When the company's
 * settlement currency is not the currency of the cached results, the cache is cleared (spec §4).
 */
export function useStoredSearch(): StoredSearch | null | undefined {
  const raw = useFlightSearchStore((s) => s.search);
  const settlement = useSessionStore((s) => s.company?.config.commonConfig.settlementCurrency);
  const [loaded, setLoaded] = useState<Reader | null>(reader);
  useEffect(() => {
    let live = true;
    if (raw && !loaded) void loadReader().then((module) => live && setLoaded(module));
    return () => {
      live = false;
    };
  }, [raw, loaded]);
  const stored = useMemo(() => (raw && loaded ? loaded.readStoredSearch(raw) : null), [raw, loaded]);
  const mismatch = Boolean(stored?.result && settlement && stored.result.currency !== settlement);
  const malformed = Boolean(raw && loaded && !stored);

  useEffect(() => {
    if (mismatch || malformed) useFlightSearchStore.getState().clear();
  }, [mismatch, malformed]);

  if (raw && !loaded) return undefined;
  return mismatch ? null : stored;
}
