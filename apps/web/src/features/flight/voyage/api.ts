import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketStatus, VoyageList } from '@portal/domain/booking-records';
import type * as bookingRecordsApi from '@portal/domain/api/booking-records';
import { callApi } from '../../../shared/api/call-api';
import { downloadFile } from '../../../shared/api/download';
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
}

/** GET /order/v2/flight/voyages: one page of booking records. */
export function getVoyages(params: VoyageParams): Promise<VoyageList> {
  return callApi<typeof bookingRecordsApi.listVoyages>(
    { method: 'GET', path: '/order/v2/flight/voyages' },
    { query: withoutEmpty(params) },
    { skipErrorToast: true },
  );
}

export function useVoyages(params: VoyageParams) {
  return useQuery({
    queryKey: ['flight-voyages', params],
    queryFn: () => getVoyages(params),
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
