import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlightOrder, FlightOrderList } from '@portal/domain/flight-order';
import { type OrderTypeFilter } from '@portal/domain/flight-order-status';
import { apiDelete, apiGet } from '../../../shared/api/client';
import { payFlightOrder } from '../../../shared/payment/api/payment';

/** The query the order list sends; absent filters are left out of the URL. */
export interface OrderListParams {
  page: number;
  pageSize: number;
  sort?: string;
  bookingNumber?: string;
  pnr?: string;
  ticketNumber?: string;
  passenger?: string;
  flightNumber?: string;
  airline?: string;
  dateFrom?: string;
  dateTo?: string;
  status?: string;
  type?: OrderTypeFilter;
  contact?: string;
}

const ORDERS = '/order/v2/flight/orders';

function clean(params: OrderListParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && !(key === 'type' && value === 'all')) {
      out[key] = value as string | number;
    }
  }
  return out;
}

export function getOrders(params: OrderListParams): Promise<FlightOrderList> {
  return apiGet<FlightOrderList>(ORDERS, { params: clean(params), skipErrorToast: true });
}

export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: ['flight-orders', 'list', params],
    queryFn: () => getOrders(params),
    placeholderData: keepPreviousData,
  });
}

/**
 * One order, polled while `poll` says so. When a poll finds the status moved on by itself (a job
 * ticketed, voided or reimbursed it), the status counts (tabs, pending menu groups) are refreshed.
 */
export function useOrder(id: string, poll: (order: FlightOrder | undefined) => number | false) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['flight-orders', 'detail', id],
    queryFn: async () => {
      const before = client.getQueryData<FlightOrder>(['flight-orders', 'detail', id])?.status;
      const order = await apiGet<FlightOrder>(`${ORDERS}/${encodeURIComponent(id)}`, {
        skipErrorToast: true,
      });
      if (before !== undefined && before !== order.status) {
        void client.invalidateQueries({ queryKey: ['flight-orders', 'status'] });
      }
      return order;
    },
    retry: false,
    refetchInterval: (query) => poll(query.state.data),
  });
}

/** Pays an order from the wallet balance; every attempt carries a fresh Idempotency-Key. */
export function usePayOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => payFlightOrder({ id }, { channel: 'balance' }, crypto.randomUUID()),
    onSettled: () => client.invalidateQueries({ queryKey: ['flight-orders'] }),
  });
}

/** Cancels a booking (DELETE). */
export function useCancelOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<FlightOrder>(`${ORDERS}/${encodeURIComponent(id)}`, { skipErrorToast: true }),
    onSettled: () => client.invalidateQueries({ queryKey: ['flight-orders'] }),
  });
}
