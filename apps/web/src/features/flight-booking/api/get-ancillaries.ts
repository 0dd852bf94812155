import { useQuery } from '@tanstack/react-query';
import type { SolutionAncillaries } from '@portal/domain/ancillaries';
import type { getSolutionAncillaries as route } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';

/** GET /shopping/v2/flight/solutions/{id}/ancillaries: seat maps and bags in the settlement currency. */
export function getSolutionAncillaries(solutionId: string): Promise<SolutionAncillaries> {
  return callApi<typeof route>(
    { method: 'GET', path: '/shopping/v2/flight/solutions/:id/ancillaries' },
    { params: { id: solutionId } },
    { skipErrorToast: true },
  );
}

/** The seats and bags of a solution; an error or none leaves the booking without them. */
export function useSolutionAncillaries(solutionId: string) {
  return useQuery({
    queryKey: ['solution-ancillaries', solutionId],
    queryFn: () => getSolutionAncillaries(solutionId),
    staleTime: 60_000,
    retry: false,
  });
}
