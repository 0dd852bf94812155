import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketStatus, VoyageList } from '@portal/domain/booking-records';
import { apiGet } from '../../../shared/api/client';
import { download } from '../../../shared/api/download';

const VOYAGES = '/order/v2/flight/voyages';

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

function clean(params: VoyageFilterValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') out[key] = value as string | number;
  }
  return out;
}

/** GET /order/v2/flight/voyages: one page of booking records. */
export function getVoyages(params: VoyageParams): Promise<VoyageList> {
  return apiGet<VoyageList>(VOYAGES, { params: clean(params), skipErrorToast: true });
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
  return download(`${VOYAGES}/export`, clean(filters), { fallbackName: 'booking-records.xlsx' });
}
