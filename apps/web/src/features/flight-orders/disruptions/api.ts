import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisruptionStatus, DisruptionType } from '@portal/domain/after-sales';
import type { Disruption, DisruptionAction, DisruptionList } from '@portal/domain/disruptions';
import { apiGet, apiPost } from '../../../shared/api/client';

const DISRUPTIONS = '/order/v2/flight/disruptions';

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

function clean(params: DisruptionParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') out[key] = value as string | number;
  }
  return out;
}

/** GET /order/v2/flight/disruptions: one page of the agency's disruptions, newest first. */
export function useDisruptions(params: DisruptionParams) {
  return useQuery({
    queryKey: ['flight-disruptions', 'list', params],
    queryFn: () => apiGet<DisruptionList>(DISRUPTIONS, { params: clean(params), skipErrorToast: true }),
    placeholderData: keepPreviousData,
  });
}

/** GET /order/v2/flight/orders/{id}/disruptions: the order's disruptions, newest first. */
export function useOrderDisruptions(orderId: string) {
  return useQuery({
    queryKey: ['flight-disruptions', 'order', orderId],
    queryFn: () =>
      apiGet<Disruption[]>(`/order/v2/flight/orders/${encodeURIComponent(orderId)}/disruptions`, {
        skipErrorToast: true,
      }),
  });
}

/**
 * POST /order/v2/flight/disruptions/{id}/{action}. Afterwards the disruptions and the orders are
 * read again: accepting moves the order's flights, asking a refund creates a refund order.
 */
export function useDisruptionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: DisruptionAction }) =>
      apiPost<Disruption>(`${DISRUPTIONS}/${encodeURIComponent(id)}/${action}`),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['flight-disruptions'] }),
        client.invalidateQueries({ queryKey: ['flight-orders'] }),
      ]);
    },
  });
}
