import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTrainOrderBody,
  TrainOrder,
  TrainOrderList,
  TrainOrderListQuery,
  TrainPaymentResult,
} from '@portal/domain/train-order';
import { TRAIN_MOVING_STATUSES } from '@portal/domain/train-order-status';
import { apiDelete, apiGet, apiPost } from '../../../shared/api/client';

export const TRAIN_ORDERS_KEY = ['train-orders'] as const;
export const TRAIN_ORDERS_PAGE_SIZE = 20;

/** The list's filters as the page holds them (page and size are added on the call). */
export type TrainOrderFilters = Omit<Partial<TrainOrderListQuery>, 'page' | 'pageSize'>;

const base = '/order/v2/train/orders';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** GET /order/v2/train/orders: one page of the agency's train orders. */
export function listTrainOrders(filters: TrainOrderFilters, page: number): Promise<TrainOrderList> {
  return apiGet<TrainOrderList>(base, {
    params: { ...filters, page, pageSize: TRAIN_ORDERS_PAGE_SIZE },
    skipErrorToast: true,
  });
}

/** One page of train orders; the previous page stays on screen while the next loads. */
export function useTrainOrders(filters: TrainOrderFilters, page: number) {
  return useQuery({
    queryKey: [...TRAIN_ORDERS_KEY, 'list', filters, page],
    queryFn: () => listTrainOrders(filters, page),
    placeholderData: keepPreviousData,
  });
}

/** GET /order/v2/train/orders/{id}: the order with its passengers, seats, timeline and actions. */
const MOVING_POLL_MS = 3000;

export function useTrainOrder(id: string | null) {
  return useQuery({
    queryKey: [...TRAIN_ORDERS_KEY, 'detail', id],
    queryFn: () => apiGet<TrainOrder>(one(id ?? ''), { skipErrorToast: true }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && TRAIN_MOVING_STATUSES.includes(query.state.data.status) ? MOVING_POLL_MS : false,
  });
}

/** POST /order/v2/train/orders with the submit attempt's Idempotency-Key; errors are the caller's. */
export function createTrainOrder(body: CreateTrainOrderBody, idempotencyKey: string): Promise<TrainOrder> {
  return apiPost<TrainOrder>(base, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    skipErrorToast: true,
  });
}

/** POST /order/v2/train/orders/{id}/payment with the balance; errors are the caller's. */
export function payTrainOrder(id: string, idempotencyKey: string): Promise<TrainPaymentResult> {
  return apiPost<TrainPaymentResult>(
    `${one(id)}/payment`,
    { channel: 'balance' },
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}

type OrderAction = 'pay' | 'cancel' | 'refund' | 'ticket';

function runAction(action: OrderAction, id: string, idempotencyKey: string): Promise<TrainOrder> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  switch (action) {
    case 'pay':
      return payTrainOrder(id, idempotencyKey).then((result) => {
        if (result.status !== 'paid') throw new Error('payment pending');
        return result.order;
      });
    case 'cancel':
      return apiDelete<TrainOrder>(one(id), { headers, skipErrorToast: true });
    case 'refund':
      return apiPost<TrainOrder>(`${one(id)}/refund`, {}, { headers, skipErrorToast: true });
    case 'ticket':
      return apiPost<TrainOrder>(`${one(id)}/ticketing`, {}, { headers, skipErrorToast: true });
  }
}

/** An action on an order (pay, cancel, refund, ticketing by an operator); the list and the detail refresh afterwards. */
export function useTrainOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: OrderAction; id: string }) =>
      runAction(action, id, crypto.randomUUID()),
    onSuccess: (order) => queryClient.setQueryData([...TRAIN_ORDERS_KEY, 'detail', order.id], order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRAIN_ORDERS_KEY }),
  });
}
