import { useQuery } from '@tanstack/react-query';
import type { SolutionsResult } from '@portal/domain/shopping';
import { apiPost } from '../../../shared/api/client';

/** How often the solutions are asked for while suppliers are still answering. */
export const POLL_INTERVAL_MS = 500;

/** POST /shopping/v2/flight/async-shopping/solutions: what the suppliers answered so far. */
export function getSolutions(searchId: string): Promise<SolutionsResult> {
  return apiPost<SolutionsResult>('/shopping/v2/flight/async-shopping/solutions', { searchId });
}

/**
 * Polls the solutions of `searchId` every 500 ms until the search has finished. Unmounting stops
 * the polling (the query has no observer left). Disabled when `searchId` is null.
 */
export function useSolutions(searchId: string | null, initial: SolutionsResult | undefined) {
  return useQuery({
    queryKey: ['flight-solutions', searchId],
    queryFn: () => getSolutions(searchId ?? ''),
    enabled: searchId !== null && !initial?.finished,
    initialData: initial,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.finished || query.state.error ? false : POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
  });
}
