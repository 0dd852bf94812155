import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SolutionsDelta, SolutionsResult } from '@portal/domain/shopping';
import { mergeSolutionsDelta } from '@portal/domain/solutions-delta';
import type { getSolutions as getSolutionsRoute } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';

/** How long the server may hold a poll until a supplier answers (long polling). */
export const POLL_WAIT_MS = 8000;
/** The pause after a poll that brought nothing new (or a server that cannot wait), before the next. */
export const POLL_INTERVAL_MS = 250;

/** The solutions as the client holds them, with the cursor of the last answer merged in. */
export interface HeldSolutions extends SolutionsResult {
  cursor?: string;
  /** The last poll brought nothing new, or came from a server without cursors: pause before the next. */
  quiet?: boolean;
}

/** What a poll answers: `reset`, `removed` and `cursor` are absent from a server without cursors. */
type PollAnswer = SolutionsResult &
  Partial<Pick<SolutionsDelta, 'reset' | 'removed' | 'families' | 'cursor'>>;

/**
 * POST /shopping/v2/flight/async-shopping/solutions: with the cursor of the last answer, only what
 * changed since; the server holds the answer up to `waitMs` until a supplier has answered.
 */
export function getSolutions(searchId: string, cursor?: string, waitMs?: number): Promise<PollAnswer> {
  return callApi<typeof getSolutionsRoute>(
    { method: 'POST', path: '/shopping/v2/flight/async-shopping/solutions' },
    { body: { searchId, cursor, waitMs } },
  );
}

/**
 * Merges a poll's answer into what is held: a whole list (`reset`, or an answer without a cursor)
 * replaces it; otherwise removed ids go, changed families are updated and new solutions appended.
 */
export function applyPoll(held: HeldSolutions | null | undefined, answer: PollAnswer): HeldSolutions {
  const { cursor, reset, removed = [], families = [], ...rest } = answer;
  const whole = reset !== false || cursor === undefined || !held;
  const merged = mergeSolutionsDelta(whole ? null : held, {
    ...rest,
    reset: whole,
    removed,
    families,
    cursor: cursor ?? '',
  });
  const nothingNew =
    !whole &&
    rest.solutions.length === 0 &&
    removed.length === 0 &&
    families.length === 0 &&
    held.cursor === cursor;
  return { ...merged, cursor, quiet: cursor === undefined || nothingNew };
}

/**
 * Polls the solutions of `searchId` until the search has finished: each poll sends the last cursor
 * and is held by the server until a supplier answers, so results show as soon as they exist; the
 * next poll starts as soon as one brought news. Unmounting stops the polling (the query has no
 * observer left). Disabled when `searchId` is null.
 */
export function useSolutions(searchId: string | null, initial: SolutionsResult | undefined) {
  const queryClient = useQueryClient();
  const queryKey = ['flight-solutions', searchId];
  return useQuery<HeldSolutions>({
    queryKey,
    queryFn: async () => {
      const held = queryClient.getQueryData<HeldSolutions>(queryKey);
      return applyPoll(held, await getSolutions(searchId ?? '', held?.cursor, POLL_WAIT_MS));
    },
    enabled: searchId !== null && !initial?.finished,
    initialData: initial,
    staleTime: Infinity,
    refetchInterval: (query) => {
      const { data, error, fetchStatus } = query.state;
      // No timer while a (held) poll runs: the next one is scheduled when it comes back.
      if (data?.finished || error || fetchStatus === 'fetching') return false;
      return data?.quiet ? POLL_INTERVAL_MS : 1;
    },
    refetchIntervalInBackground: true,
  });
}
