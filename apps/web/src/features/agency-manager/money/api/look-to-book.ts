import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LookToBook, LookToBookQuery } from '@portal/domain/sub-agencies';
import { apiGet } from '../../../../shared/api/client';

/** GET /base/v2/sub/look-to-book: searches, bookings and their ratio per day, with the settings. */
export function useLookToBook(query: LookToBookQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['look-to-book', query],
    queryFn: () => apiGet<LookToBook>('/base/v2/sub/look-to-book', { params: query, skipErrorToast: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
