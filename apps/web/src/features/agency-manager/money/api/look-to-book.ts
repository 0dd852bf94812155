import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LookToBook, LookToBookQuery } from '@portal/domain/sub-agencies';
import type { getLookToBook } from '@portal/domain/api/sub-agencies';
import { callApi } from '../../../../shared/api/call-api';

/** GET /base/v2/sub/look-to-book: searches, bookings and their ratio per day, with the settings. */
export function useLookToBook(query: LookToBookQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['look-to-book', query],
    queryFn: (): Promise<LookToBook> =>
      callApi<typeof getLookToBook>(
        { method: 'GET', path: '/base/v2/sub/look-to-book' },
        { query },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
