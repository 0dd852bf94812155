import { ERRORS } from '@portal/domain/errors';
import type {
  AccurateFlightsNotFound,
  AccurateSearchRequest,
  AccurateSearchResult,
} from '@portal/domain/shopping';
import type { accurateSearch as accurateSearchRoute } from '@portal/domain/api/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { callApi } from '../../../shared/api/call-api';

/**
 * POST /shopping/v2/flight/accurate-search: prices exactly the given flights (404 when none is
 * sold, naming the flights found). Its errors are not toasted here: the caller shows them once.
 */
export function accurateSearch(request: AccurateSearchRequest): Promise<AccurateSearchResult> {
  return callApi<typeof accurateSearchRoute>(
    { method: 'POST', path: '/shopping/v2/flight/accurate-search' },
    { body: request },
    { skipErrorToast: true },
  );
}

type NotFoundFlight = AccurateFlightsNotFound['flights'][number];

/** A flight of a FLIGHT_NOT_FOUND answer as the domain declares it (checked without zod, which the search page does not load). */
function isNotFoundFlight(value: unknown): value is NotFoundFlight {
  if (typeof value !== 'object' || value === null) return false;
  const flight = value as Record<keyof NotFoundFlight, unknown>;
  return (
    ['carrier', 'flightNumber', 'origin', 'destination', 'date'].every(
      (key) => typeof flight[key as keyof NotFoundFlight] === 'string',
    ) && typeof flight.found === 'boolean'
  );
}

/** The flights of a FLIGHT_NOT_FOUND answer, or null for any other error. */
export function flightsNotFound(error: unknown): NotFoundFlight[] | null {
  if (!isApiError(error) || error.code !== ERRORS.FLIGHT_NOT_FOUND.code) return null;
  const flights = (error.data as { flights?: unknown } | undefined)?.flights;
  return Array.isArray(flights) && flights.every(isNotFoundFlight) ? flights : [];
}
