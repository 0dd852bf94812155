import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisruptionStatus, DisruptionType } from '@portal/domain/after-sales';
import type { DisruptionAction, DisruptionList } from '@portal/domain/disruptions';
import * as afterSalesApi from '@portal/domain/api/after-sales';
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
      callApi(afterSalesApi.listDisruptions, { query: withoutEmpty(params) }, { skipErrorToast: true }),
    placeholderData: keepPreviousData,
  });
}

/** GET /order/v2/flight/orders/{id}/disruptions: the order's disruptions, newest first. */
export function useOrderDisruptions(orderId: string) {
  return useQuery({
    queryKey: ['flight-disruptions', 'order', orderId],
    queryFn: () =>
      callApi(afterSalesApi.listOrderDisruptions, { params: { id: orderId } }, { skipErrorToast: true }),
  });
}

/** The call of each answer an agent may give to a disruption. */
const DISRUPTION_ACTIONS = {
  acknowledge: afterSalesApi.acknowledgeDisruption,
  accept: afterSalesApi.acceptProtection,
  refund: afterSalesApi.refundDisruption,
} satisfies Record<DisruptionAction, unknown>;

/**
 * POST /order/v2/flight/disruptions/{id}/{action}. Afterwards the disruptions and the orders are
 * read again: accepting moves the order's flights, asking a refund creates a refund order.
 */
export function useDisruptionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: DisruptionAction }) =>
      callApi(DISRUPTION_ACTIONS[action], { params: { id } }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['flight-disruptions'] }),
        client.invalidateQueries({ queryKey: ['flight-orders'] }),
      ]);
    },
  });
}
