import type { AccurateSearchRequest, AccurateSearchResult } from '@portal/domain/shopping';
import type { accurateSearch as accurateSearchRoute } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';

/** POST /shopping/v2/flight/accurate-search: prices exactly the given flights (404 when none is sold). */
export function accurateSearch(request: AccurateSearchRequest): Promise<AccurateSearchResult> {
  return callApi<typeof accurateSearchRoute>(
    { method: 'POST', path: '/shopping/v2/flight/accurate-search' },
    { body: request },
  );
}
