import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisruptionStatus, DisruptionType } from '@portal/domain/after-sales';
import type { Disruption, DisruptionAction, DisruptionList } from '@portal/domain/disruptions';
import type * as afterSalesApi from '@portal/domain/api/after-sales';
import { callApi } from '../../../shared/api/call-api';
import { withoutEmpty } from '../../../shared/api/query';

/** The disruption list's filters; absent ones are left out of the URL. */
export interface DisruptionFilterValues {
  type?: DisruptionType;
  status?: DisruptionStatus;
  dateFrom?: string;
  dateTo?: string;
  bookingNumber?: string;
}

export interface DisruptionParams extends DisruptionFilterValues {
  page: number;
  pageSize: number;
}

/** GET /order/v2/flight/disruptions: one page of the agency's disruptions, newest first. */
export function useDisruptions(params: DisruptionParams) {
  return useQuery({
    queryKey: ['flight-disruptions', 'list', params],
    queryFn: (): Promise<DisruptionList> =>
      callApi<typeof afterSalesApi.listDisruptions>(
        { method: 'GET', path: '/order/v2/flight/disruptions' },
        { query: withoutEmpty(params) },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /order/v2/flight/orders/{id}/disruptions: the order's disruptions, newest first. */
export function useOrderDisruptions(orderId: string) {
  return useQuery({
    queryKey: ['flight-disruptions', 'order', orderId],
    queryFn: () =>
      callApi<typeof afterSalesApi.listOrderDisruptions>(
        { method: 'GET', path: '/order/v2/flight/orders/:id/disruptions' },
        { params: { id: orderId } },
        { skipErrorToast: true },
      ),
  });
}

/** The call of each answer an agent may give to a disruption. */
const DISRUPTION_ACTIONS: Record<DisruptionAction, (id: string) => Promise<Disruption>> = {
  acknowledge: (id) =>
    callApi<typeof afterSalesApi.acknowledgeDisruption>(
      { method: 'POST', path: '/order/v2/flight/disruptions/:id/acknowledge' },
      { params: { id } },
    ),
  accept: (id) =>
    callApi<typeof afterSalesApi.acceptProtection>(
      { method: 'POST', path: '/order/v2/flight/disruptions/:id/accept' },
      { params: { id } },
    ),
  refund: (id) =>
    callApi<typeof afterSalesApi.refundDisruption>(
      { method: 'POST', path: '/order/v2/flight/disruptions/:id/refund' },
      { params: { id } },
    ),
};

/**
 * POST /order/v2/flight/disruptions/{id}/{action}. Afterwards the disruptions and the orders are
 * read again: accepting moves the order's flights, asking a refund creates a refund order.
 */
export function useDisruptionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: DisruptionAction }) => DISRUPTION_ACTIONS[action](id),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['flight-disruptions'] }),
        client.invalidateQueries({ queryKey: ['flight-orders'] }),
      ]);
    },
  });
}
