import { ERRORS } from '@portal/domain/errors';
import {
  AccurateFlightsNotFound,
  type AccurateSearchRequest,
  type AccurateSearchResult,
} from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { apiPost } from '../../../shared/api/client';

/**
 * POST /shopping/v2/flight/accurate-search: prices exactly the given flights (404 when none is
 * sold, naming the flights found). Its errors are not toasted here: the caller shows them once.
 */
export function accurateSearch(request: AccurateSearchRequest): Promise<AccurateSearchResult> {
  return apiPost<AccurateSearchResult>('/shopping/v2/flight/accurate-search', request, {
    skipErrorToast: true,
  });
}

/** The flights of a FLIGHT_NOT_FOUND answer, or null for any other error. */
export function flightsNotFound(error: unknown): AccurateFlightsNotFound['flights'] | null {
  if (!isApiError(error) || error.code !== ERRORS.FLIGHT_NOT_FOUND.code) return null;
  const parsed = AccurateFlightsNotFound.safeParse(error.data);
  return parsed.success ? parsed.data.flights : [];
}
