import { useEffect } from 'react';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useSolutions } from '../api/get-solutions';
import type { StoredSearch } from '../model/stored-search';

/**
 * The results of the stored search: polled until every supplier has answered, and written back to
 * the session store as they grow so that a reload shows them without searching again.
 */
export function useSearchResults(stored: StoredSearch | null) {
  const query = useSolutions(stored?.searchId ?? null, stored?.result ?? undefined);
  const data = query.data;

  useEffect(() => {
    // Compare with the raw stored value: the parsed copy is a new object with the schema's key order.
    const raw = useFlightSearchStore.getState().search;
    if (!stored || !data || raw?.searchId !== stored.searchId || raw.result === data) return;
    useFlightSearchStore.getState().patchSearch({ ...raw, result: data });
  }, [stored, data]);

  return { result: data ?? null, error: query.error };
}
