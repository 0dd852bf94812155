import { useQuery } from '@tanstack/react-query';
import type { TrainSearchRequest, TrainSearchResult } from '@portal/domain/rail';
import type { searchTrains as searchTrainsRoute } from '@portal/domain/api/rail';
import { callApi } from '../../../shared/api/call-api';

/** POST /shopping/v2/train/search: every train of the day between the two stations' cities. */
export function searchTrains(request: TrainSearchRequest): Promise<TrainSearchResult> {
  return callApi<typeof searchTrainsRoute>(
    { method: 'POST', path: '/shopping/v2/train/search' },
    { body: request },
    { skipErrorToast: true },
  );
}

/** The trains of a search; idle until a search is asked for. Filters and sorting stay client-side. */
export function useTrainSearch(request: TrainSearchRequest | null) {
  return useQuery({
    queryKey: ['train-search', request],
    queryFn: () => searchTrains(request as TrainSearchRequest),
    enabled: request !== null,
    retry: false,
    staleTime: 60_000,
  });
}
