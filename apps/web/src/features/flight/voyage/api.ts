import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketStatus, VoyageList } from '@portal/domain/booking-records';
import type * as bookingRecordsApi from '@portal/domain/api/booking-records';
import { callApi } from '../../../shared/api/call-api';
import { downloadFile } from '../../../shared/api/download';
import { readCountedPage } from '../../../shared/api/keyset';
import { withoutEmpty } from '../../../shared/api/query';

/** The filters of the booking records; absent ones are left out of the URL. */
export interface VoyageFilterValues {
  dateFrom?: string;
  dateTo?: string;
  passenger?: string;
  ticketNumber?: string;
  flightNumber?: string;
  bookingNumber?: string;
  pnr?: string;
  status?: TicketStatus;
}

export interface VoyageParams extends VoyageFilterValues {
  page: number;
  pageSize: number;
  /** The `next` of the page before (keyset paging). */
  after?: string;
}

/** GET /order/v2/flight/voyages: one page of booking records; `count: false`: without the total. */
export function getVoyages(params: VoyageParams, count = true): Promise<VoyageList> {
  return callApi<typeof bookingRecordsApi.listVoyages>(
    { method: 'GET', path: '/order/v2/flight/voyages' },
    { query: { ...withoutEmpty(params), ...(count ? {} : { count: 'false' }) } },
    { skipErrorToast: true },
  );
}

/**
 * A page of booking records (`readCountedPage`): paging on from a page still held, it asks by
 * that page's cursor; the total is asked for on a filter's first page and on a refresh only.
 */
export function useVoyages(params: VoyageParams) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['flight-voyages', params],
    queryFn: () =>
      readCountedPage(client, ['flight-voyages'], params, ({ after, count }) =>
        getVoyages({ ...params, ...(after ? { after } : {}) }, count),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered booking records as Excel; resolves with the saved file's name. */
export function exportVoyages(filters: VoyageFilterValues): Promise<string> {
  return downloadFile<typeof bookingRecordsApi.exportVoyages>(
    { method: 'POST', path: '/order/v2/flight/voyages/export' },
    { body: withoutEmpty(filters) },
    { fallbackName: 'booking-records.xlsx' },
  );
}
