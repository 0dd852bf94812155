import type { AccurateSearchRequest, AccurateSearchResult } from '@portal/domain/shopping';
import { apiPost } from '../../../shared/api/client';

/** POST /shopping/v2/flight/accurate-search: prices exactly the given flights (404 when none is sold). */
export function accurateSearch(request: AccurateSearchRequest): Promise<AccurateSearchResult> {
  return apiPost<AccurateSearchResult>('/shopping/v2/flight/accurate-search', request);
}
