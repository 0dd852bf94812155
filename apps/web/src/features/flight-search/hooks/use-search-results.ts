import { useEffect } from 'react';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useSolutions } from '../api/get-solutions';
import type { StoredSearch } from '../model/search-form';

/**
 * The results of the stored search: polled until every supplier has answered, and written back to
 * the session store as they grow so that a reload shows them without searching again.
 */
export function useSearchResults(stored: StoredSearch | null) {
  const query = useSolutions(stored?.searchId ?? null, stored?.result ?? undefined);
  const data = query.data;

  useEffect(() => {
    if (!stored || !data || data === stored.result) return;
    if (JSON.stringify(data) === JSON.stringify(stored.result)) return;
    useFlightSearchStore.getState().patchSearch({ ...stored, result: data });
  }, [stored, data]);

  return { result: data ?? null, error: query.error };
}
