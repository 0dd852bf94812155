import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlightOrder, FlightOrderList } from '@portal/domain/flight-order';
import { type OrderTypeFilter } from '@portal/domain/flight-order-status';
import type * as flightOrdersApi from '@portal/domain/api/flight-orders';
import { callApi } from '../../../shared/api/call-api';
import { filterKey, readCountedPage, type Counted } from '../../../shared/api/keyset';
import { withoutEmpty } from '../../../shared/api/query';
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

/** The list's query without empty filters, and without `type` when it is `all` (the default). */
function clean(params: OrderListParams): Partial<OrderListParams> {
  const { type, ...rest } = withoutEmpty(params);
  return type === 'all' ? rest : { ...rest, type };
}

/**
 * `after`: the `next` of the page before (keyset paging, `FlightOrderListQuery`); `count: false`:
 * the page without the total (the caller has it).
 */
export function getOrders(params: OrderListParams, after?: string, count = true): Promise<FlightOrderList> {
  return callApi<typeof flightOrdersApi.listFlightOrders>(
    { method: 'GET', path: '/order/v2/flight/orders' },
    { query: { ...clean(params), ...(after ? { after } : {}), ...(count ? {} : { count: 'false' }) } },
    { skipErrorToast: true },
  );
}

/** A page of the order list with the total of its filter (counted with it, or known before). */
export type CountedOrderList = Counted<FlightOrderList>;

/**
 * A page of the order list (`readCountedPage`): paging on by cursor from a page still in the
 * cache, an order booked meanwhile does not push a row already seen onto it; the total is asked
 * for on a filter's first page and on a refresh only.
 */
export function useOrders(params: OrderListParams) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['flight-orders', 'list', params],
    queryFn: (): Promise<CountedOrderList> =>
      readCountedPage(
        client,
        ['flight-orders', 'list'],
        params,
        ({ after, count }) => getOrders(params, after, count),
        (p) => filterKey(clean(p)),
      ),
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
      const order = await callApi<typeof flightOrdersApi.getFlightOrder>(
        { method: 'GET', path: '/order/v2/flight/orders/:id' },
        { params: { id } },
        { skipErrorToast: true },
      );
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
    mutationFn: () =>
      callApi<typeof flightOrdersApi.cancelFlightOrder>(
        { method: 'DELETE', path: '/order/v2/flight/orders/:id' },
        { params: { id } },
        { skipErrorToast: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['flight-orders'] }),
  });
}
