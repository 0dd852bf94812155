import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { toast } from '../../../shared/ui/message-bridge';
import { accurateSearch, flightsNotFound } from '../api/accurate-search';
import { accurateRequestOf, searchRequestOf } from '../model/pnr';

/**
 * Prices exactly the flights of a confirmed PNR reading and keeps the answer as the session's
 * search (the results list shows it), with the PNR's passengers for the booking's cards.
 */
export function usePnrPricing() {
  const { t } = useTranslation();
  const today = useAgencyToday();
  return useMutation({
    mutationFn: async (reading: PnrAnalysisResult) => {
      const { searchId, ...result } = await accurateSearch(accurateRequestOf(reading, today));
      const store = useFlightSearchStore.getState();
      store.setVerified(null);
      store.setSearch({
        request: searchRequestOf(reading, today),
        searchId,
        result,
        pnrPassengers: reading.passengers,
      });
      return result;
    },
    onError: (error) => {
      // Flights not found are shown by the PNR search itself, with a normal search to run instead.
      if ((isApiError(error) && error.silent) || flightsNotFound(error)) return;
      void toast().error(error.message || t('flight.list.searchFailed'));
    },
  });
}
