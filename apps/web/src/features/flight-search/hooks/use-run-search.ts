import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@portal/domain/errors';
import type { ShoppingRequest } from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { toast } from '../../../shared/ui/message-bridge';
import { startSearch } from '../api/start-search';

/** A broken journey rule of a 400 JOURNEY_INVALID answer: its message key and, if any, its leg (0-based). */
export interface ServerJourneyError {
  key: string;
  legIndex?: number;
}

/** The `data.errors` of a JOURNEY_INVALID error, or [] for any other error. */
export function journeyErrorsOf(error: unknown): ServerJourneyError[] {
  if (!isApiError(error) || error.code !== ERRORS.JOURNEY_INVALID.code) return [];
  const data = error.data as { errors?: unknown } | undefined;
  const errors = Array.isArray(data?.errors) ? data.errors : [];
  return errors.flatMap((e: unknown) => {
    if (typeof e !== 'object' || e === null) return [];
    const { key, legIndex } = e as Record<string, unknown>;
    if (typeof key !== 'string' || key === '') return [];
    return [typeof legIndex === 'number' ? { key, legIndex } : { key }];
  });
}

/**
 * Starts a search and keeps it in the session store (request, searchId, no results yet), which
 * makes the results list poll it. A JOURNEY_INVALID answer is left to the form (inline errors);
 * other failures are toasted here.
 */
export function useRunSearch() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (request: ShoppingRequest) => {
      const started = await startSearch(request);
      useFlightSearchStore.getState().setVerified(null);
      useFlightSearchStore.getState().setSearch({ request, searchId: started.searchId, result: null });
      return started;
    },
    onError: (error) => {
      if (journeyErrorsOf(error).length > 0) return;
      if (isApiError(error) && error.silent) return;
      void toast().error(error.message || t('flight.list.searchFailed'));
    },
  });
}
